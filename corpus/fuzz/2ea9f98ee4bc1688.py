# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt, L_y_ : torch.Tensor):
# case seed: 4533040552647628228 (dynrr-fuzz --case-seed 4533040552647628228)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt, L_y_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_n_ : torch.SymInt, L_y_ : torch.Tensor):       l_x_ = L_x_       l_n_ = L_n_      
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], n + 1).sum(-1, keepdim=True)
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t2 = torch.where(x > 0, x, y)
    return t2


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
