# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, sN : torch.SymInt, L_z_ : torch.Tensor):
# case seed: 4991450121030903247 (dynrr-fuzz --case-seed 4991450121030903247)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     ei
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.einsum('bi,bj->ij', x, x).sum(-1)
    t1 = z * n + x.shape[0]
    t2 = torch.arange(0, x.shape[0], 2).float().sum()
    return t2


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
