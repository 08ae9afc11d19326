# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ + mul;  mul = tN = None
# case seed: 7925797850129157902 (dynrr-fuzz --case-seed 7925797850129157902)
# reason: frame 1 (f) diverges: +     t0 = l_z_ + mul;  mul = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_n_ : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_n_ = L_n_       l_z_ = L_z_       mul = 4 * l_n_ +     t0 = l_z_ + mul;  mul = t0 = None -     t0 = l_z_ + mul;  t0 = None       ones = torch.ones(4, 1)       t1 = ones * l_z_;  ones 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z + x.shape[0] * n
    t1 = torch.ones(x.shape[0], 1) * z
    t2 = x * n + x.shape[0]
    t3 = x + x.shape[0] * n
    return t3


CALLS = 3
SIZES = (4, 4, 4)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
