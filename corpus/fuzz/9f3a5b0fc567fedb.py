# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = mm @ tN;  mm = tN = None
# case seed: 5896749762441546332 (dynrr-fuzz --case-seed 5896749762441546332)
# reason: frame 1 (f) diverges: +     t1 = mm @ t0;  mm = t1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 2       reshape = l_x_.reshape(mul, 2);  mul = None       t0 = reshape.reshape(s77, 4);  reshape = None       t = l_x_.t()       mm = torch.mm(l_x_, t);  t = None +     t1 = mm @ t0;  mm = t1 = None 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t1 = torch.mm(x, x.t()) @ t0
    t2 = t1[x.shape[0] - 1]
    t3 = (t0 @ t0.t()).sum(-1, keepdim=True)
    t4 = x.reshape(-1, 2).sum(-1).reshape(x.shape[0], 2).sum(-1, keepdim=True)
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
