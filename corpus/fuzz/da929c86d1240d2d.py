# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ * sN
# case seed: 10042842604480473015 (dynrr-fuzz --case-seed 10042842604480473015)
# reason: frame 1 (f) diverges: +     t0 = l_x_ * s77 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     t0 = l_x_ * s77 -     sym_max = torch.sym_max(s77, 4) -     t0 = l_x_ * sym_max;  sym_max = None       ones = torch.ones(s77, 1);  s77 = None       t1 = ones * l_x_;  ones = l_x_ = t1 = None       t2 = t0.sin();  t0 = None   
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * max(x.shape[0], 4)
    t1 = torch.ones(x.shape[0], 1) * x
    if x.shape[0] * 2 > 8:
        t2 = t0.sin()
    else:
        t2 = t0.cos()
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
