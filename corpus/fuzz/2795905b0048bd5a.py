# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: -     sub_N = sN - N
# case seed: 2248582358107849383 (dynrr-fuzz --case-seed 2248582358107849383)
# reason: frame 1 (f) diverges: -     sub_1 = s77 - 1 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = l_x_ * 0       t0 = mul + s77;  mul = t0 = None       t1 = l_x_ - 1       mul_1 = s77 * 2       reshape = l_x_.reshape(mul_1, 2);  mul_1 = None       t2 = reshape.reshape(s77, 4);  reshape = t2 = None -     sub_1 = s77 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * n + x.shape[0]
    if x.shape[0] >= 5:
        t1 = x - 1
    else:
        t1 = x * 0.5
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t3 = t1[x.shape[0] - 1]
    t4 = torch.cumsum(t1, dim=0)
    t5 = x * n + x.shape[0]
    return t5


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
