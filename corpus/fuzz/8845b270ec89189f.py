# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN * sN;  tN = sN = None
# case seed: 10006355535488405817 (dynrr-fuzz --case-seed 10006355535488405817)
# reason: frame 1 (f) diverges: +     t1 = t0 * s77;  t0 = s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 2       t0 = l_x_  mul;  l_x_ = mul = None +     t1 = t0 * s77;  t0 = s77 = None -     sym_max = torch.sym_max(s77, 4);  s77 = None -     t1 = t0 * sym_max;  t0 = sym_max = None       return (t1,) 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x / (x.shape[0] * 2)
    t1 = t0 * max(x.shape[0], 4)
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
