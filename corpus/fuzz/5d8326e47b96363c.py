# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):
# case seed: 10890517474287850953 (dynrr-fuzz --case-seed 10890517474287850953)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_ +     arange = torch.arange(s77) -     size = l_x_.size() -     geti
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.arange(x.shape[0]).float().unsqueeze(-1)
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t3 = x
    for j in range(n):
        t3 = t3 * 0.5 + j
    t4 = y * (x.shape[0] * x.shape[0] - x.shape[0])
    return t4


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
