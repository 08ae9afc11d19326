# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     arange = torch.arange(sN);  sN = None
# case seed: 629195662359870426 (dynrr-fuzz --case-seed 629195662359870426)
# reason: frame 1 (f) diverges: +     arange = torch.arange(s77);  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     arange = torch.arange(s77);  s77 = None -     arange = torch.arange(s77)       float_1 = arange.float();  arange = None       t0 = float_1.unsqueeze(-1);  float_1 = t0 = None -     sub = s77 - 1;  s77 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(x.shape[0]).float().unsqueeze(-1)
    t1 = x[x.shape[0] - 1]
    t2 = torch.cumsum(x, dim=0)
    return t2


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
