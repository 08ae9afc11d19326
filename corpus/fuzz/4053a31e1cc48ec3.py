# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul_N = sN * N
# case seed: 17053521166101744544 (dynrr-fuzz --case-seed 17053521166101744544)
# reason: frame 1 (f) diverges: +     mul_1 = s77 * 1 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       ones = torch.ones(s77, 1)       t1 = ones * l_x_;  ones = l_x_ = None +     mul_1 = s77 * 1 +     t2 = l_y_ + mul_1;  l_y_ = mul_1 = t2 = None -     t2 = l_y_ + s77;  l_y_ = t2 = None   
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = x.shape[0]
    t1 = torch.ones(b0, 1) * x
    t2 = y + x.shape[0] * n
    t3 = torch.zeros(b0, 4) + t1
    return t3


CALLS = 3
SIZES = (3, 5, 7)
INTS = (1, 1, 1)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
