# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_y_.mean(dim = -N, keepdim = True)
# case seed: 7988067410604255457 (dynrr-fuzz --case-seed 7988067410604255457)
# reason: frame 0 (f) diverges: +     t0 = l_y_.mean(dim = -1, keepdim = True) --- dynamo graph 0 +++ core graph 0            def forward(self, L_y_ : torch.Tensor, L_x_ : torch.Tensor):       l_y_ = L_y_       l_x_ = L_x_ +     t0 = l_y_.mean(dim = -1, keepdim = True) +     t1 = l_x_ + l_x_;  t1 = None +     t2 = t0 * 2;  t0 = t2 = None +     abs_1 = l_y_.abs();  l_y_ = None +     add_1 = abs_1 + 1;  abs_1
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = y.mean(dim=-1, keepdim=True)
    t1 = x + x
    t2 = min([x, x, t0], key=lambda v: v.dim()) * 2
    t3 = x / (y.abs() + 1)
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
