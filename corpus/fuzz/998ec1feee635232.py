# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = ones_like * N;  ones_like = tN = None
# case seed: 13794179242050418450 (dynrr-fuzz --case-seed 13794179242050418450)
# reason: frame 0 (f) diverges: +     t0 = ones_like * 5;  ones_like = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       ones_like = torch.ones_like(l_x_) +     t0 = ones_like * 5;  ones_like = t0 = None +     t1 = l_x_ * 2;  l_x_ = t1 = None +     linspace = torch.linspace(0, 1, 5) -     size = l_x_.size() -     getitem = size[0];  size
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones_like(x) * x.shape[0]
    if x.shape[0] > 4:
        t1 = x * 2
    else:
        t1 = x + 1
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
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
    torch._dynamo.maybe_mark_dynamic(x, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
