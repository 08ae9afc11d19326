# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor):
# case seed: 15132281982636072956 (dynrr-fuzz --case-seed 15132281982636072956)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     t0 = l_x_ * 3;  l_x_ = t0 = None +     linspace = torch.linspace(0, 1, s77);  s77 = None -     t0 = l_x_ * 3;  t0 = None -     size_2 = l_x_.si
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.size(0) == x.shape[0]:
        t0 = x * 3
    else:
        t0 = x
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
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
