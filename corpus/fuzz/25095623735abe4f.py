# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul_N = l_z_ * N;  l_z_ = None
# case seed: 835115672599412731 (dynrr-fuzz --case-seed 835115672599412731)
# reason: frame 0 (f) diverges: +     mul_1 = l_z_ * 5;  l_z_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       getitem = l_x_[slice(None, None, 2)]       t0 = getitem.sum(0, keepdim = True);  getitem = t0 = None       sin = torch.sin(l_z_)       t2 = sin + l_z_;  sin = None       getitem_1 = l_x_[slic
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[::2].sum(0, keepdim=True)
    b1 = z.shape[0]
    t2 = torch.sin(z) + z
    t3 = x[:b1 // 2].sum(0)
    t4 = torch.ones(b1, 1) * t2
    b5 = t4.size(0)
    t6 = (z * x.shape[0] + 1) / (x.shape[0] + 1)
    t7 = x.view(b5, 2, 2).sum(-1).mean(-1, keepdim=True)
    return t7


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
