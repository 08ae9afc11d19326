# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ * sN;  l_x_ = None
# case seed: 6891818723523082037 (dynrr-fuzz --case-seed 6891818723523082037)
# reason: frame 1 (f) diverges: +     t4 = l_x_ * s77;  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       ones = torch.ones(s77, 1)       t0 = ones.sum(-1, keepdim = True);  ones = t0 = None       ones_1 = torch.ones(s68, 1);  s68 = None       t2 = ones_1 * 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], n + 1).sum(-1, keepdim=True)
    b1 = z.shape[0]
    t2 = torch.ones(b1, 1) * z
    b3 = x.shape[0]
    t4 = x * max(x.shape[0], 4)
    t5 = t4.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    return t5


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
