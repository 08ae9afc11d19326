# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     reshape = tN.reshape(mul_N, N);  mul_N = None
# case seed: 1305616575813937192 (dynrr-fuzz --case-seed 1305616575813937192)
# reason: frame 0 (f) diverges: +     reshape = t0.reshape(mul_1, 2);  mul_1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       ones = torch.ones(s77, 1)       t0 = ones * l_x_;  ones = None       ones_1 = torch.ones(4, 4)       t1 = l_x_ @ ones_1;  l_x_ = ones_1 = t1 = None       mul_1 = s77 * 2 +     reshape = t0.reshap
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    t1 = x @ torch.ones(4, 4)
    t2 = t0.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t3 = t2 * n + x.shape[0]
    t4 = t0.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    return t4


CALLS = 3
SIZES = (2, 6, 3)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(z, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
