# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = mul_N + sN;  mul_N = sN = tN = None
# case seed: 12598645025218059425 (dynrr-fuzz --case-seed 12598645025218059425)
# reason: frame 1 (f) diverges: +     t5 = mul_3 + s77;  mul_3 = s77 = t5 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       ones = torch.ones(s77, 1)       t0 = ones * l_x_;  ones = None       mul_1 = l_x_ * 0       t1 = mul_1 + s77;  mul_1 = None       t2 = l_x_ * 3;  t2 = None       einsum = torch.functional.einsum('bi
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    t1 = x * n + x.shape[0]
    if t0.size(0) == x.shape[0]:
        t2 = x * 3
    else:
        t2 = x
    t3 = torch.einsum('bi,bj->ij', t1, t1).sum(-1)
    t4 = torch.einsum('bi,bj->ij', t0, t0).sum(-1)
    t5 = x * n + x.shape[0]
    t6 = t4 * max(x.shape[0], 4)
    return t6


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
