# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul_N = sN * N;  sN = None
# case seed: 8756145916637663058 (dynrr-fuzz --case-seed 8756145916637663058)
# reason: frame 1 (f) diverges: +     mul_1 = s77 * 1;  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 2       reshape = l_x_.reshape(mul, 2);  mul = None       t0 = reshape.reshape(s77, 4);  reshape = t0 = None +     mul_1 = s77 * 1;  s77 = None +     t1 = l_x_ + mul_1;  l_x_ = mul_1 = None -     t1 =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t1 = x + x.shape[0] * n
    return t1


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
