# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, sN : torch.SymInt, L_z_ : torch.Tensor, L_y_ : tor
# case seed: 7341530012403163052 (dynrr-fuzz --case-seed 7341530012403163052)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor, L_y_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor, L_y_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor, L_y
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] > 4:
        t0 = x * 2
    else:
        t0 = x + 1
    t1 = y
    for j in range(n):
        t1 = t1 * 0.5 + j
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t3 = torch.relu(z).max(dim=0).values
    if x.shape[0] < 4 or x.shape[0] > 6:
        t4 = t1 + 0.5
    else:
        t4 = t1 * 4
    return t4


CALLS = 3
SIZES = (4, 4, 6)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
