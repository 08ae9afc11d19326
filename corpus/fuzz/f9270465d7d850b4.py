# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     add_N = sN + N;  sN = None
# case seed: 14371654524800422759 (dynrr-fuzz --case-seed 14371654524800422759)
# reason: frame 0 (f) diverges: +     add_1 = s77 + 1;  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = l_x_ * s77       add = mul + 1;  mul = None +     add_1 = s77 + 1;  s77 = None -     add_1 = s77 + 1       t0 = add  add_1;  add = add_1 = t0 = None +     t1 = l_x_ * 4;  l_x_ = None -     sym_max = torch.s
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x * x.shape[0] + 1) / (x.shape[0] + 1)
    t1 = x * max(x.shape[0], 4)
    return t1


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
