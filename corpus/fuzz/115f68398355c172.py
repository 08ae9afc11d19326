# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_n_ : torch.SymInt, sN : tor
# case seed: 13638979796703183384 (dynrr-fuzz --case-seed 13638979796703183384)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_n_ : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_n_ : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x) + y
    t1 = torch.ones(x.shape[0], 1) * x
    t2 = x * (n * x.shape[0] % 5)
    t3 = t1.sum(-1, keepdim=True)
    t4 = torch.relu(z).max(dim=0).values
    t5 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    return t5


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
