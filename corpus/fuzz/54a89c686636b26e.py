# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ * sN;  l_z_ = tN = None
# case seed: 5712573838927032358 (dynrr-fuzz --case-seed 5712573838927032358)
# reason: frame 1 (f) diverges: +     t1 = l_z_ * s77;  l_z_ = t1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       ones = torch.ones(s77, 1)       t0 = ones * l_x_;  ones = t0 = None +     t1 = l_z_ * s77;  l_z_ = t1 = None -     sym_max = torch.sym_max(s77, 4) 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    t1 = z * max(x.shape[0], 4)
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    return t2


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
