# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = tN.mean(dim = -N, keepdim = True);  tN = None
# case seed: 5857219551075107365 (dynrr-fuzz --case-seed 5857219551075107365)
# reason: frame 0 (f) diverges: +     t2 = t0.mean(dim = -1, keepdim = True);  t0 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       reshape = l_x_.reshape(4, 3);  l_x_ = None       t0 = reshape.t();  reshape = None +     t2 = t0.mean(dim = -1, keepdim = True);  t0 = None +     return (t2,) -     return (t0,)        graph 0: dynamo has 4 nod
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(4, 3).t()
    t1 = max((x, x), key=lambda v: v.dim())
    t2 = t0.mean(dim=-1, keepdim=True)
    return t2


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
