# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_z_ : torch.Tensor):
# case seed: 1739591640134817086 (dynrr-fuzz --case-seed 1739591640134817086)
# reason: frame 1 (f) diverges: + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor): - def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor): -     l_x_ = L_x_       l_z_ = L_z_ -     sub = s77 - 1;  s77 = None -     t0 = torch.select(l_x_, 0, sub)
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[x.shape[0] - 1]
    t1 = torch.sin(z) + z
    return t1


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
