# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ * N.N;  tN = None
# case seed: 9526274673847890073 (dynrr-fuzz --case-seed 9526274673847890073)
# reason: frame 0 (f) diverges: +     t2 = l_z_ * 5.0;  t2 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       sin = torch.sin(l_x_)       t0 = sin + l_x_;  sin = t0 = None       repeat = l_x_.repeat(1, 1)       t1 = repeat.sum(-1, keepdim = True);  repeat = t1 = None +     t2 = l_z_ * 5.0;  t2 = None - 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x) + x
    t1 = x.repeat(1, n + 1).sum(-1, keepdim=True)
    t2 = z * float(x.shape[0])
    t3 = torch.mm(x, x.t()) @ z
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
