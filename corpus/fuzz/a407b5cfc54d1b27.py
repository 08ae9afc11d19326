# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_z_ : torch.Tensor, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : tor
# case seed: 1302241489386061190 (dynrr-fuzz --case-seed 1302241489386061190)
# reason: frame 1 (f) diverges: + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor, L_y_ : torch.Tensor):  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(z) + x
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t3 = x - x.shape[0] % 3
    t4 = torch.arange(x.shape[0]).float().unsqueeze(-1)
    if x.size(0) == x.shape[0]:
        t5 = y * 3
    else:
        t5 = y
    return t5


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
