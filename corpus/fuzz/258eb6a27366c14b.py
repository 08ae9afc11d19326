# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt, sN : torch.SymInt, L_x_ : tor
# case seed: 15626321103338503664 (dynrr-fuzz --case-seed 15626321103338503664)
# reason: frame 1 (f) diverges: + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt, s77 : torch.SymInt, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt, s77 : torch.SymInt, L_x_ : torch.Tensor): - def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt, L_x
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z * n + x.shape[0]
    if x.shape[0] > 4:
        t1 = x * 2
    else:
        t1 = x + 1
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    return t2


CALLS = 3
SIZES = (2, 3, 4)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
