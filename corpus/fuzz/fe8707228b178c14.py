# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN * sN;  tN = sN = tN = None
# case seed: 13347883022159437549 (dynrr-fuzz --case-seed 13347883022159437549)
# reason: frame 1 (f) diverges: +     t2 = t1 * s77;  t1 = s77 = t2 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 2       reshape = l_x_.reshape(mul, 2);  mul = None       t0 = reshape.reshape(s77, 4);  reshape = None       ones = torch.ones(s77, 1)       t1 = ones * l_x_;  ones = l_x_ = None +     t2 = t
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t1 = torch.ones(x.shape[0], 1) * x
    t2 = t1 * max(x.shape[0], 4)
    if t2.size(0) == x.shape[0]:
        t3 = t0 * 3
    else:
        t3 = t0
    return t3


CALLS = 3
SIZES = (4, 4, 6)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
