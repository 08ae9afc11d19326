# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     add_N = N + sN
# case seed: 14879635783328943588 (dynrr-fuzz --case-seed 14879635783328943588)
# reason: frame 1 (f) diverges: +     add_1 = 0 + s77 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       sin = torch.sin(l_x_)       t0 = sin + l_y_;  sin = l_y_ = None       mean = t0.mean(0)       t1 = t0 - mean;  t0 = mean = t1 = None +     add_1 = 0 + s77 +     arange = torch.arange(add
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x) + y
    t1 = t0 - t0.mean(0)
    t2 = torch.arange(n + x.shape[0]).float().sum() / (n + 1)
    t3 = torch.bmm(x.unsqueeze(1), x.unsqueeze(2)).view(x.shape[0], 1)
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
