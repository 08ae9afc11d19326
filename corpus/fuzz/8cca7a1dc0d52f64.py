# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ - N;  l_x_ = None
# case seed: 3372530133166509770 (dynrr-fuzz --case-seed 3372530133166509770)
# reason: frame 0 (f) diverges: +     t0 = l_x_ - 2;  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     t0 = l_x_ - 2;  l_x_ = None -     t0 = l_x_ - 2       sin = torch.sin(t0)       t1 = sin + t0;  sin = t0 = t1 = None +     t2 = l_z_  10;  t2 = None +     zeros = torch.zeros(5, 4) -     size_1 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] % 2 == 0:
        t0 = x + 2
    else:
        t0 = x - 2
    t1 = torch.sin(t0) + t0
    t2 = z / (x.shape[0] * 2)
    t3 = torch.zeros(x.shape[0], 4) + z
    return t3


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.maybe_mark_dynamic(x, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
