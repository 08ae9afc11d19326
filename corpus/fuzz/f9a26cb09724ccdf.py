# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     relu = torch.relu(l_x_);  l_x_ = None
# case seed: 13004297304214716853 (dynrr-fuzz --case-seed 13004297304214716853)
# reason: frame 1 (f) diverges: +     relu = torch.relu(l_x_);  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       ones = torch.ones(s77, 1)       t0 = ones * l_x_;  ones = t0 = None       ones_1 = torch.ones(s77, 1)       t1 = ones_1 * l_x_;  ones_1 = None +     relu = torch.relu(l_x_);  l_x_ = None -     relu = tor
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    t1 = torch.ones(x.shape[0], 1) * x
    t2 = torch.relu(x).max(dim=0).values
    t3 = t1 / (x.shape[0] * 2)
    t4 = x[x.shape[0] - 1]
    t5 = (t3 @ t3.t()).sum(-1, keepdim=True)
    return t5


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
