# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, sN : torch.SymInt, L_z_ : torch.Tensor):
# case seed: 16037750034008053224 (dynrr-fuzz --case-seed 16037750034008053224)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor): -     l_x_ = L_x_       l_z_ = L_z_ +     arange = torch.arange(0, s77, 2);  s77 = Non
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(0, x.shape[0], 2).float().sum()
    t1 = torch.cumsum(z, dim=0)
    return t1


CALLS = 3
SIZES = (6, 2, 4)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
