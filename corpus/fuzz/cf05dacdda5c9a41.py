# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = torch.sin(l_y_)
# case seed: 4047235811878960247 (dynrr-fuzz --case-seed 4047235811878960247)
# reason: frame 0 (f) diverges: +     t0 = torch.sin(l_y_) --- dynamo graph 0 +++ core graph 0            def forward(self, L_y_ : torch.Tensor, L_x_ : torch.Tensor):       l_y_ = L_y_       l_x_ = L_x_ +     t0 = torch.sin(l_y_) -     t0 = torch.sin(l_y_);  l_y_ = None       t1 = l_x_ + l_x_;  l_x_ = t1 = None +     t2 = t0 * 2;  t0 = t2 = None +     t3 = l_y_ * 2;  l_y_ = None +     return (t3,) -     ret
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.sin(y)
    t1 = x + x
    t2 = min([x, x, t0], key=lambda v: v.dim()) * 2
    t3 = min([y, y, x], key=lambda v: v.dim()) * 2
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
