# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, sN : torch.SymInt, L_z_ : torch.Tensor, L_y_ : torch.Tensor):
# case seed: 16160201420563901007 (dynrr-fuzz --case-seed 16160201420563901007)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor, L_y_ : torch.Tensor): -     l_x_ = L_x_       l_z_ = L_z_       l
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * z
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t2 = y * x.shape[0]
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
