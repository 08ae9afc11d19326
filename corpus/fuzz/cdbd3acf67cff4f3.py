# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ - l_y_;  tN = None
# case seed: 10422142404320221020 (dynrr-fuzz --case-seed 10422142404320221020)
# reason: frame 0 (f) diverges: +     t0 = l_x_ - l_y_;  t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_ +     t0 = l_x_ - l_y_;  t0 = None +     t1 = torch.sin(l_y_);  l_y_ = t1 = None +     return (l_x_,) -     t0 = l_x_ - l_y_;  l_x_ = t0 = None -     t1 = torch.sin(l_y_);  l_y_ = None -     return (
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x - y
    t1 = torch.sin(y)
    t2 = max((t1, x), key=lambda v: v.dim())
    return t2


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
