# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = view.view(sN, -N);  view = sN = tN = None
# case seed: 12728975663463119198 (dynrr-fuzz --case-seed 12728975663463119198)
# reason: frame 1 (f) diverges: +     t0 = view.view(s77, -1);  view = s77 = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       view = l_x_.view(-1) +     t0 = view.view(s77, -1);  view = s77 = t0 = None -     t0 = view.view(s77, -1);  view = t0 = None -     sub = s77 - 1;  s77 = None -     t1 = torch.select(l_x_, 0, s
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.view(-1).view(x.shape[0], -1)
    t1 = x[x.shape[0] - 1]
    t2 = torch.sin(x) + x
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
