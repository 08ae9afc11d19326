# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_y_ * l_y_;  tN = None
# case seed: 1105623916661935255 (dynrr-fuzz --case-seed 1105623916661935255)
# reason: frame 0 (f) diverges: +     t0 = l_y_ * l_y_;  t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_y_ : torch.Tensor, L_x_ : torch.Tensor):       l_y_ = L_y_       l_x_ = L_x_ +     t0 = l_y_ * l_y_;  t0 = None -     t0 = l_y_ * l_y_       reshape = l_x_.reshape(4, 3)       t1 = reshape.t();  reshape = t1 = None       reshape_1 = l_x_.reshape(4, 3)       t2 = reshape_1.t()
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = y * y
    t1 = x.reshape(4, 3).t()
    t2 = x.reshape(4, 3).t()
    t3 = x.contiguous().view(-1)[0]
    t4 = x + y
    t5 = min([t0, t3, y], key=lambda v: v.dim()) * 2
    return t5


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
