# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_[sub_N];  l_x_ = sub_N = None
# case seed: 5222475529266982999 (dynrr-fuzz --case-seed 5222475529266982999)
# reason: frame 1 (f) diverges: +     t1 = l_x_[sub_1];  l_x_ = sub_1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       t0 = l_y_ - 1;  l_y_ = t0 = None       sub_1 = s77 - 1;  s77 = None +     t1 = l_x_[sub_1];  l_x_ = sub_1 = None -     t1 = torch.select(l_x_, 0, sub_1);  l_x_ = s
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] >= 5:
        t0 = y - 1
    else:
        t0 = y * 0.5
    t1 = x[x.shape[0] - 1]
    return t1


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
