# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     add = N + sN;  sN = None
# case seed: 5450308660191041705 (dynrr-fuzz --case-seed 5450308660191041705)
# reason: frame 1 (f) diverges: +     add = 0 + s77;  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       ones = torch.ones(s77, 1)       t0 = ones * l_x_;  ones = l_x_ = t0 = None +     add = 0 + s77;  s77 = None +     arange = torch.arange(add);  add = None -     arange = torch.arange(s77);  s77 = None       float_1 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    t1 = torch.arange(n + x.shape[0]).float().sum() / (n + 1)
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
