# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN  mul;  tN = mul = tN = None
# case seed: 17748204372013707788 (dynrr-fuzz --case-seed 17748204372013707788)
# reason: frame 1 (f) diverges: +     t1 = t0  mul;  t0 = mul = t1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       sin = torch.sin(l_x_)       t0 = sin + l_x_;  sin = None       mul = s77 * 2 +     t1 = t0  mul;  t0 = mul = t1 = None +     mul_1 = s77 * 2 +     reshape = l_x_.reshape(mul_1, 2);  l_x_ = mul_1 = None -  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x) + x
    t1 = t0 / (x.shape[0] * 2)
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    return t2


CALLS = 3
SIZES = (6, 2, 4)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
