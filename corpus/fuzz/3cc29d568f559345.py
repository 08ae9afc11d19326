# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_[slice(None, N, None)]
# case seed: 387865398893818641 (dynrr-fuzz --case-seed 387865398893818641)
# reason: frame 0 (f) diverges: +     t0 = l_x_[slice(None, 5, None)] --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_ +     t0 = l_x_[slice(None, 5, None)] +     linspace = torch.linspace(0, 1, 5) -     size = l_x_.size() -     getitem = size[0];  size = None -     t0 = l_x_[slice(None, getitem, None)];  getitem 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[:x.shape[0]]
    t1 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t2 = t0.repeat(1, n + 1).sum(-1, keepdim=True)
    t3 = torch.matmul(x, y).unsqueeze(-1)
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
