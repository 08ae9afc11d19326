# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ - l_x_;  tN = None
# case seed: 13581025312236307972 (dynrr-fuzz --case-seed 13581025312236307972)
# reason: frame 0 (f) diverges: +     t2 = l_z_ - l_x_;  t2 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       reshape = l_x_.reshape(4, 3)       t0 = reshape.t();  reshape = t0 = None       reshape_1 = l_x_.reshape(4, 3)       t1 = reshape_1.t();  reshape_1 = t1 = None +     t2 = l_z_ - l_x_;  t2 = Non
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(4, 3).t()
    t1 = x.reshape(4, 3).t()
    t2 = z - x
    t3 = min([x, x, x], key=lambda v: v.dim()) * 2
    t4 = z.contiguous().view(-1)[0]
    return t4


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
