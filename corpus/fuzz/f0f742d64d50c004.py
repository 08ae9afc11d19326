# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     amin = l_x_.amin(N);  l_x_ = None
# case seed: 3391872424138450860 (dynrr-fuzz --case-seed 3391872424138450860)
# reason: frame 1 (f) diverges: +     amin = l_x_.amin(0);  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       amax = l_x_.amax(0) +     amin = l_x_.amin(0);  l_x_ = None -     amin = l_x_.amin(0)       t0 = amax + amin;  amax = amin = t0 = None -     sub = s77 - 1 -     t1 = to
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.amax(0) + x.amin(0)
    t1 = x[x.shape[0] - 1]
    t2 = y * x.shape[0]
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
