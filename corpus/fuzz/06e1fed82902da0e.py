# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     size_N = l_x_.size();  l_x_ = None
# case seed: 13049573172877451380 (dynrr-fuzz --case-seed 13049573172877451380)
# reason: frame 0 (f) diverges: +     size_2 = l_x_.size();  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_n_ : torch.SymInt):       l_x_ = L_x_       l_n_ = L_n_       mul = l_x_ * l_n_;  l_n_ = None       size = l_x_.size()       getitem = size[0];  size = None       t0 = mul + getitem;  mul = getitem = None       size_1 = l_x_.size()       getitem_2 =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * n + x.shape[0]
    t1 = torch.ones(x.shape[0], 1) * x
    t2 = x.view(-1).view(x.shape[0], -1)
    t3 = t2 @ torch.ones(4, 4)
    t4 = torch.full((x.shape[0], 4), 0.5) * t0
    return t4


CALLS = 3
SIZES = (4, 6, 2)
INTS = (0, 1, 2)
COMPILE_KW = {'dynamic': True}


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
