# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     reshape = l_x_.reshape(mul);  mul = None
# case seed: 797365613181706489 (dynrr-fuzz --case-seed 797365613181706489)
# reason: frame 0 (f) diverges: +     reshape = l_x_.reshape(mul);  mul = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 4 +     reshape = l_x_.reshape(mul);  mul = None -     reshape = l_x_.reshape(mul)       t0 = reshape.view(-1, 4);  reshape = None       mul_1 = l_x_ * 0;  l_x_ = None +     t1 = mul_1 + s
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 4).view(-1, 4)
    t1 = x * n + x.shape[0]
    t2 = t0.reshape(x.shape[0] * 4).view(-1, 4)
    return t2


CALLS = 3
SIZES = (2, 6, 3)
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
