# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: -     mul = sN * N
# case seed: 590063545292653409 (dynrr-fuzz --case-seed 590063545292653409)
# reason: frame 1 (f) diverges: -     mul = s77 * 2 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ -     mul = s77 * 2       t0 = l_x_.sin();  t0 = None +     mul_1 = s77 * 2 +     reshape = l_x_.reshape(mul_1, 2);  l_x_ = mul_1 = None -     reshape = l_x_.reshape(mul, 2);  l_x_ = mul = None       t1 = reshape.reshape(s77, 4);  re
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] * 2 > 8:
        t0 = x.sin()
    else:
        t0 = x.cos()
    t1 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
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
