# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN[sub_N];  tN = sub_N = None
# case seed: 16304516151513102203 (dynrr-fuzz --case-seed 16304516151513102203)
# reason: frame 1 (f) diverges: +     t1 = t0[sub_1];  t0 = sub_1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * s77       sub = mul - s77;  mul = None       t0 = l_x_ * sub;  l_x_ = sub = None       sub_1 = s77 - 1;  s77 = None +     t1 = t0[sub_1];  t0 = sub_1 = None -     t1 = torch.select(t0, 0, sub_1)
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * (x.shape[0] * x.shape[0] - x.shape[0])
    t1 = t0[x.shape[0] - 1]
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
