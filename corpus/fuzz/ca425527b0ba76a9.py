# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ * sN;  l_x_ = sN = None
# case seed: 4973486614920107524 (dynrr-fuzz --case-seed 4973486614920107524)
# reason: frame 1 (f) diverges: +     t0 = l_x_ * s77;  l_x_ = s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     t0 = l_x_ * s77;  l_x_ = s77 = None -     sym_max = torch.sym_max(s77, 4);  s77 = None -     t0 = l_x_ * sym_max;  l_x_ = sym_max = None       return (t0,)        graph 0: dynamo has 5 nodes, core has 4 gr
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * max(x.shape[0], 4)
    return t0


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
