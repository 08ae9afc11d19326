# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     reshape = l_x_.reshape(N, N)
# case seed: 9746522365938258473 (dynrr-fuzz --case-seed 9746522365938258473)
# reason: frame 0 (f) diverges: +     reshape = l_x_.reshape(4, 3) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     reshape = l_x_.reshape(4, 3) -     reshape = l_x_.reshape(4, 3);  l_x_ = None       t0 = reshape.t();  reshape = t0 = None +     return (l_x_,) -     return ()        graph breaks: dynamo has 1, core has 0 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(4, 3).t()
    t1 = max((y, x), key=lambda v: v.dim())
    return t1


def make_inputs():
    torch.manual_seed(0)
    x = torch.randn(3, 4)
    y = torch.randn(4)
    z = torch.randn(3, 1)
    inputs = [x, y, z, 0, 0.5]
    return inputs
