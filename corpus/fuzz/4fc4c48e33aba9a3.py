# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: + def forward(self, sN : torch.SymInt, L_z_ : torch.Tensor, sN : torch.SymInt):
# case seed: 4588973104146937052 (dynrr-fuzz --case-seed 4588973104146937052)
# reason: frame 1 (f) diverges: + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt): --- dynamo graph 0 +++ core graph 0          + def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt): - def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, L_x_ : torch.Tensor):       l_z_ = L_z_ -     l_x_ = L_x_       t0 = l_z_.sum(0);  t0 = None       t1 = l_z_
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z.sum(0)
    if x.shape[0] < 4 or x.shape[0] > 6:
        t1 = z + 0.5
    else:
        t1 = z * 4
    t2 = torch.arange(0, x.shape[0], 2).float().sum()
    return t2


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
