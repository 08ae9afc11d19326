# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_y_.sum();  l_y_ = tN = None
# case seed: 15676178272885716841 (dynrr-fuzz --case-seed 15676178272885716841)
# reason: frame 0 (f) diverges: +     t2 = l_y_.sum();  l_y_ = t2 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       mul = l_x_ * 0       acc0 = l_x_ + mul;  mul = None       mul_1 = l_x_ * 0       acc0_1 = acc0 + mul_1;  acc0 = mul_1 = acc0_1 = None       reshape = l_x_.reshape(4, 3);  l_x_ = None     
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    acc0 = x
    for j, v in zip([n, n], [x, x]):
        acc0 = acc0 + v * j
    t1 = x.reshape(4, 3).t()
    t2 = y.sum()
    t3 = max((z, t2), key=lambda v: v.dim())
    return t3, n


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
