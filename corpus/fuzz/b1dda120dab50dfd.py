# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_.sum();  tN = None
# case seed: 15147597201377102086 (dynrr-fuzz --case-seed 15147597201377102086)
# reason: frame 0 (f) diverges: +     t1 = l_x_.sum();  t1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       t0 = l_x_.sum();  t0 = None +     t1 = l_x_.sum();  t1 = None +     return (l_x_,) -     t1 = l_x_.sum();  l_x_ = t1 = None -     return ()        graph breaks: dynamo has 1, core has 0 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.sum()
    t1 = x.sum()
    t2 = max((y, x), key=lambda v: v.dim())
    return t2


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
