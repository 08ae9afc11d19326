# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_[slice(None, N, None)]
# case seed: 6317865234220971853 (dynrr-fuzz --case-seed 6317865234220971853)
# reason: frame 0 (f) diverges: +     t1 = l_z_[slice(None, 5, None)] --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       sin = torch.sin(l_x_)       t0 = sin + l_x_;  sin = None +     t1 = l_z_[slice(None, 5, None)] -     size = l_x_.size() -     getitem = size[0];  size = None -     t1 = l_z_[slice(None, geti
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x) + x
    t1 = z[:x.shape[0]]
    t2 = x * n + x.shape[0]
    if z.size(0) == x.shape[0]:
        t3 = x * 3
    else:
        t3 = x
    if x.shape[0] < 4 or x.shape[0] > 6:
        t4 = x + 0.5
    else:
        t4 = x * 4
    t5 = t0 / (x.shape[0] * 2)
    t6 = torch.where(z > 0, z, t1)
    return t6


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
