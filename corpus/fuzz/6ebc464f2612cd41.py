# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     view = l_x_.view(N, N, N)
# case seed: 18000030869853705112 (dynrr-fuzz --case-seed 18000030869853705112)
# reason: frame 0 (f) diverges: +     view = l_x_.view(5, 2, 2) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     view = l_x_.view(5, 2, 2) -     size = l_x_.size() -     getitem = size[0];  size = None -     view = l_x_.view(getitem, 2, 2);  getitem = None       sum_1 = view.sum(-1);  view = None       t0 = 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.view(x.shape[0], 2, 2).sum(-1).mean(-1, keepdim=True)
    t1 = torch.sin(x) + z
    return t1


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
