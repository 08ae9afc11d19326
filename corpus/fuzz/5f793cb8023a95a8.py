# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_[sub];  sub = None
# case seed: 4818282432516024163 (dynrr-fuzz --case-seed 4818282432516024163)
# reason: frame 0 (f) diverges: +     t0 = l_x_[sub];  sub = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       sub = s77 - 1 +     t0 = l_x_[sub];  sub = None -     t0 = torch.select(l_x_, 0, sub);  sub = None       mul = s77 * 2       reshape = l_x_.reshape(mul, 2);  l_x_ = mul = None       t1 = reshape.reshape(s77, 4);  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[x.shape[0] - 1]
    t1 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t2 = torch.full((x.shape[0], 4), 0.5) * t1
    return [t2, t0], {'f': s}


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(z, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
