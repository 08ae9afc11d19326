# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ * N;  l_z_ = tN = None
# case seed: 11069258330941036323 (dynrr-fuzz --case-seed 11069258330941036323)
# reason: frame 1 (f) diverges: +     t0 = l_z_ * 4;  l_z_ = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     t0 = l_z_ * 4;  l_z_ = t0 = None -     sym_max = torch.sym_max(s77, 4);  s77 = None -     t0 = l_z_ * sym_max;  l_z_ = sym_max = t0 = None       t = 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z * max(x.shape[0], 4)
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    return t1


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
