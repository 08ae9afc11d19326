# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_z_ : torch.Tensor, sN : torch.SymInt, L_x_ : torch.Tensor):
# case seed: 5235178559990097726 (dynrr-fuzz --case-seed 5235178559990097726)
# reason: frame 1 (f) diverges: + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor): - def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_       t0
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z.sum(0)
    if x.shape[0] > 4:
        t1 = x * 2
    else:
        t1 = x + 1
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
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
