# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = ones_like * N;  ones_like = None
# case seed: 13074820015348382949 (dynrr-fuzz --case-seed 13074820015348382949)
# reason: frame 0 (f) diverges: +     t0 = ones_like * 5;  ones_like = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       ones_like = torch.ones_like(l_x_) +     t0 = ones_like * 5;  ones_like = None -     size = l_x_.size() -     getitem = size[0];  size = None -     t0 = ones_like * getitem;  ones_like 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones_like(x) * x.shape[0]
    t1 = (t0 @ t0.t()).sum(-1, keepdim=True)
    if x.shape[0] > 4:
        t2 = x * 2
    else:
        t2 = x + 1
    t3 = torch.ones(x.shape[0], 1) * z
    return t3


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
