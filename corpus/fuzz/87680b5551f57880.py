# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_y_  mul;  l_y_ = mul = tN = None
# case seed: 17655496546864598736 (dynrr-fuzz --case-seed 17655496546864598736)
# reason: frame 0 (f) diverges: +     t0 = l_y_  mul;  l_y_ = mul = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       mul = s77 * 2 +     t0 = l_y_  mul;  l_y_ = mul = t0 = None +     mul_1 = s77 * 2 +     reshape = l_x_.reshape(mul_1, 2);  l_x_ = mul_1 = None -     t0 = l_y_  mu
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = y / (x.shape[0] * 2)
    t1 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    return t1


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
