# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     accN_N = mul_N - tN;  mul_N = tN = None
# case seed: 12156815560671435570 (dynrr-fuzz --case-seed 12156815560671435570)
# reason: frame 0 (f) diverges: +     acc1_1 = mul_1 - t0;  mul_1 = t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       t0 = l_x_ + l_x_       mul = l_x_ * 2       acc1 = mul - l_x_;  mul = None       mul_1 = acc1 * 2;  acc1 = None +     acc1_1 = mul_1 - t0;  mul_1 = t0 = None -     acc1_1 = mul_1 - t0;  mul_1 = None       t2 = torch.sin(l
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x + x
    acc1 = x
    for v in reversed([t0, x]):
        acc1 = acc1 * 2 - v
    t2 = torch.sin(x)
    t3 = x.sum()
    t4 = acc1.reshape(4, 3).t()
    t5 = min([t2, acc1, t0], key=lambda v: v.dim()) * 2
    return t5


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
