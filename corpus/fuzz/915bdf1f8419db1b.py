# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     arange = torch.arange(mul);  mul = None
# case seed: 16024967718748676594 (dynrr-fuzz --case-seed 16024967718748676594)
# reason: frame 1 (f) diverges: +     arange = torch.arange(mul);  mul = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 2 +     arange = torch.arange(mul);  mul = None +     view = arange.view(s77, 2);  arange = None -     arange = torch.arange(mul) -     view = arange.view(s77, 2);  arange = s77 = None     
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(x.shape[0] * 2).view(x.shape[0], 2).float().sum(-1, keepdim=True) + x
    t1 = x / (x.shape[0] * 2)
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
