# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_z_ : torch.Tensor, sN : torch.SymInt, L_x_ : torch.Tensor, L_n_ : tor
# case seed: 13871285160417072998 (dynrr-fuzz --case-seed 13871285160417072998)
# reason: frame 1 (f) diverges: + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt): --- dynamo graph 0 +++ core graph 0          + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt): - def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor, L_n_ : torch.SymInt):  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(z) + x
    if x.shape[0] < 4 or x.shape[0] > 6:
        t1 = x + 0.5
    else:
        t1 = x * 4
    t2 = t1.repeat(1, n + 1).sum(-1, keepdim=True)
    t3 = torch.arange(0, x.shape[0], 2).float().sum()
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
