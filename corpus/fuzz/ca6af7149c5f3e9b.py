# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: -     size = l_x_.size(N)
# case seed: 13366773847987673561 (dynrr-fuzz --case-seed 13366773847987673561)
# reason: frame 0 (f) diverges: -     size = l_x_.size(0) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ -     size = l_x_.size(0)       t2 = l_x_ * 4;  l_x_ = t2 = None +     linspace = torch.linspace(0, 1, 5) -     linspace = torch.linspace(0, 1, size);  size = None       t3 = linspace.unsqueeze(-1);  linspace = None       return (t3,)        graph
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = z.shape[0]
    b1 = x.size(0)
    if b0 < 4 or b0 > 6:
        t2 = x + 0.5
    else:
        t2 = x * 4
    t3 = torch.linspace(0, 1, b1).unsqueeze(-1)
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
