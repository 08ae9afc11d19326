# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul = l_y_ * N
# case seed: 619451541311890823 (dynrr-fuzz --case-seed 619451541311890823)
# reason: frame 0 (f) diverges: +     mul = l_y_ * 2 --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       t0 = torch.sin(l_x_);  t0 = None +     mul = l_y_ * 2 -     mul = l_y_ * 2;  l_y_ = None       acc1 = mul - l_x_;  mul = None       mul_1 = acc1 * 2;  acc1 = None +     acc1_1 = mul_1 - l_x_;  mul_1 = acc1_1
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(x)
    acc1 = y
    for v in reversed([x, x]):
        acc1 = acc1 * 2 - v
    t2 = max((x, x), key=lambda v: v.dim())
    t3 = y + x
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
