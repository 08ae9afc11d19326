# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN * sN;  tN = None
# case seed: 15345093176300698813 (dynrr-fuzz --case-seed 15345093176300698813)
# reason: frame 1 (f) diverges: +     t3 = t2 * s77;  t2 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       t = l_x_.t()       matmul = l_x_ @ t;  t = None       t0 = matmul.sum(-1, keepdim = True);  matmul = t0 = None       mul = l_x_ * 0       t1 = mul + s77;  mul = t1 = None       sin = torch.sin(l_x_)       t2 = sin +
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x @ x.t()).sum(-1, keepdim=True)
    t1 = x * n + x.shape[0]
    t2 = torch.sin(x) + x
    t3 = t2 * max(x.shape[0], 4)
    t4 = torch.ones(x.shape[0], 1) * t3
    return t4


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
