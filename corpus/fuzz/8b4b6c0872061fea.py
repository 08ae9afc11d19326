# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     arange = torch.arange(N, sN, N);  sN = None
# case seed: 8044043564298398067 (dynrr-fuzz --case-seed 8044043564298398067)
# reason: frame 1 (f) diverges: +     arange = torch.arange(0, s77, 2);  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     arange = torch.arange(0, s77, 2);  s77 = None -     arange = torch.arange(0, s77, 2)       float_1 = arange.float();  arange = None       t0 = float_1.sum();  float_1 = t0 = None +     getitem_5 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(0, x.shape[0], 2).float().sum()
    t1 = x[x.shape[0] - 1]
    t2 = x[::2].sum(0, keepdim=True)
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
