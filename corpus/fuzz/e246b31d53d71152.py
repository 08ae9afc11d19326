# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = mul + N;  mul = None
# case seed: 13602809624048115058 (dynrr-fuzz --case-seed 13602809624048115058)
# reason: frame 0 (f) diverges: +     t0 = mul + 5;  mul = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       mul = l_x_ * 0 +     t0 = mul + 5;  mul = None +     t1 = t0 * 5;  t0 = t1 = None +     getitem = l_x_[slice(None, 2, None)];  l_x_ = None +     t3 = getitem.sum(0);  getitem = t3 = None -     siz
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * n + x.shape[0]
    t1 = t0 * x.shape[0]
    t2 = x
    for j in range(n):
        t2 = t2 * 0.5 + j
    t3 = x[:x.shape[0] // 2].sum(0)
    if z.size(0) == x.shape[0]:
        t4 = y * 3
    else:
        t4 = y
    return t4


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
