# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: -     sub = sN - N;  sN = None
# case seed: 5762852357243123323 (dynrr-fuzz --case-seed 5762852357243123323)
# reason: frame 1 (f) diverges: -     sub = s77 - 1;  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ -     sub = s77 - 1;  s77 = None -     t0 = torch.select(l_x_, 0, sub);  sub = t0 = None       t = l_x_.t()       matmul = l_x_ @ t;  l_x_ = t = None       t1 = matmul.sum(-1, keepdim = True);  matmul = None       return
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[x.shape[0] - 1]
    t1 = (x @ x.t()).sum(-1, keepdim=True)
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
