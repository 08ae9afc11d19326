# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = torch.clamp(l_x_, -N.N, N.N)
# case seed: 17079815381040487511 (dynrr-fuzz --case-seed 17079815381040487511)
# reason: frame 0 (f) diverges: +     t0 = torch.clamp(l_x_, -0.5, 0.5) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     t0 = torch.clamp(l_x_, -0.5, 0.5) -     t0 = torch.clamp(l_x_, -0.5, 0.5);  l_x_ = None       reshape = t0.reshape(4, 3);  t0 = None       t1 = reshape.t();  reshape = t1 = None +     return (l_x_,) -     return ()        graph
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.clamp(x, -0.5, 0.5)
    t1 = t0.reshape(4, 3).t()
    t2 = max((x, x), key=lambda v: v.dim())
    return t2


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
