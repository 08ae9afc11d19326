# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     add = N + sN
# case seed: 3783095595088209671 (dynrr-fuzz --case-seed 3783095595088209671)
# reason: frame 1 (f) diverges: +     add = 0 + s77 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     add = 0 + s77 +     arange = torch.arange(add);  add = None -     arange = torch.arange(s77)       float_1 = arange.float();  arange = None       sum_1 = float_1.sum();  float_1 = None       t0 = sum_1  1;  sum_1 = t0 = None   
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(n + x.shape[0]).float().sum() / (n + 1)
    t1 = x * n + x.shape[0]
    return t1


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
