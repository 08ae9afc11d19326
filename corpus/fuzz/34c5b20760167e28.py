# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, sN : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt):
# case seed: 846407553273905555 (dynrr-fuzz --case-seed 846407553273905555)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt): - def forward(self, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor, L_n_ : torch.SymInt): -     l_x_ = L_x_      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t1 = torch.ones(x.shape[0], 1) * t0
    t2 = z * x.shape[0]
    t3 = torch.ones(x.shape[0], n + 1).sum(-1, keepdim=True)
    return t3


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
