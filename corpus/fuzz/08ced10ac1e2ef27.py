# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: -     sub = sN - N
# case seed: 3580642903661417937 (dynrr-fuzz --case-seed 3580642903661417937)
# reason: frame 1 (f) diverges: -     sub = s77 - 1 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ -     sub = s77 - 1 -     t0 = torch.select(l_x_, 0, sub);  sub = t0 = None       mul = l_x_ * s77;  l_x_ = None       add = mul + 1;  mul = None       add_1 = s77 + 1;  s77 = None       t1 = add  add_1;  add = add_1 = None       ret
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[x.shape[0] - 1]
    t1 = (x * x.shape[0] + 1) / (x.shape[0] + 1)
    return t1


CALLS = 3
SIZES = (5, 3, 8)
INTS = (1, 1, 1)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
