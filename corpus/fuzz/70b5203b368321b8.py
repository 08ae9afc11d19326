# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, sN : torch.SymInt, L_z_ : tor
# case seed: 4919422056439999367 (dynrr-fuzz --case-seed 4919422056439999367)
# reason: frame 1 (f) diverges: + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor): --- dynamo graph 0 +++ core graph 0          + def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor): - def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor):  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x) + x
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t2 = torch.sin(x) + x
    if x.shape[0] % 2 == 0:
        t3 = y + 2
    else:
        t3 = y - 2
    t4 = torch.ones(x.shape[0], 1) * z
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
