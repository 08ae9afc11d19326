# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     return (accN_N, tN)
# case seed: 9017408086451958429 (dynrr-fuzz --case-seed 9017408086451958429)
# reason: frame 0 (f) diverges: +     return (acc1_1, t0) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       t0 = l_x_.sum()       mul = l_x_ * 0       acc1 = l_x_ + mul;  mul = None       mul_1 = l_x_ * 0;  l_x_ = None       acc1_1 = acc1 + mul_1;  acc1 = mul_1 = None +     return (acc1_1, t0) -     return (t0, acc1_1)        guard extra in core: 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.sum()
    acc1 = x
    for j, v in zip([n, n], [x, x]):
        acc1 = acc1 + v * j
    t2 = max((t0, acc1), key=lambda v: v.dim())
    return [t2, t0], {'f': s}


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
