# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul_N = tN * tN
# case seed: 11767916790313722072 (dynrr-fuzz --case-seed 11767916790313722072)
# reason: frame 1 (f) diverges: +     mul_2 = t1 * t1 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = l_x_ * l_x_       sum_1 = mul.sum();  mul = None       numel = l_x_.numel()       t0 = sum_1  numel;  sum_1 = t0 = None       mul_1 = l_x_ * 0;  l_x_ = None       t1 = mul_1 + s77;  mul_1 = s77 = None +     mul_2 = t1 *
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x * x).sum() / x.numel()
    t1 = x * n + x.shape[0]
    t2 = (t1 * t1).sum() / t1.numel()
    return t2


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
