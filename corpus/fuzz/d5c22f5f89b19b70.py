# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_y_ * sN;  l_y_ = tN = None
# case seed: 13971945738340230333 (dynrr-fuzz --case-seed 13971945738340230333)
# reason: frame 1 (f) diverges: +     t1 = l_y_ * s77;  l_y_ = t1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       t = l_x_.t()       matmul = l_x_ @ t;  t = None       t0 = matmul.sum(-1, keepdim = True);  matmul = t0 = None +     t1 = l_y_ * s77;  l_y_ = t1 = None -     sym_max =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x @ x.t()).sum(-1, keepdim=True)
    t1 = y * max(x.shape[0], 4)
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
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
