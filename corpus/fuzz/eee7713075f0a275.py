# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_.abs()
# case seed: 15348118726636515935 (dynrr-fuzz --case-seed 15348118726636515935)
# reason: frame 0 (f) diverges: +     t0 = l_z_.abs() --- dynamo graph 0 +++ core graph 0            def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_       l_y_ = L_y_ +     t0 = l_z_.abs() -     t0 = l_z_.abs();  l_z_ = None       mul = l_x_ * 0       acc1 = l_x_ + mul;  mul = None       mul_1 = l_x_ * 0;  l_x_ = None       acc1_1 = acc1 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z.abs()
    acc1 = x
    for j, v in zip([n, n], [x, x]):
        acc1 = acc1 + v * j
    t2 = t0.unsqueeze(0).squeeze(0)
    t3 = acc1.reshape(4, 3).t()
    t4 = torch.tanh(y)
    t5 = max((z, x), key=lambda v: v.dim())
    return t5


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
