# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = torch.maximum(tN, tN);  tN = None
# case seed: 6470654285039310256 (dynrr-fuzz --case-seed 6470654285039310256)
# reason: frame 0 (f) diverges: +     t3 = torch.maximum(t1, t1);  t1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       t0 = l_x_ + l_x_;  t0 = None       t1 = torch.maximum(l_x_, l_x_);  l_x_ = None +     t3 = torch.maximum(t1, t1);  t1 = None +     return (t3,) -     return (t1,)        graph 0: dynamo has 4 nodes, core has 5 graph 0 node
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x + x
    t1 = torch.maximum(x, x)
    t2 = max((x, y), key=lambda v: v.dim())
    t3 = torch.maximum(t1, t1)
    return t3


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
