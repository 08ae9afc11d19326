# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul = sN * N;  sN = None
# case seed: 14819046775618980411 (dynrr-fuzz --case-seed 14819046775618980411)
# reason: frame 1 (f) diverges: +     mul = s77 * 1;  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_ +     mul = s77 * 1;  s77 = None +     t0 = l_x_ + mul;  l_x_ = mul = None -     t0 = l_x_ + s77;  l_x_ = s77 = None       return (t0,)        graph 0: dynamo has 4 nodes, core has 5 graph 0 node t0 example value: dynamo
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x + x.shape[0] * n
    return t0


CALLS = 3
SIZES = (3, 5, 7)
INTS = (1, 1, 1)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
