# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     linspace = torch.linspace(N, N, N)
# case seed: 14374091512087370909 (dynrr-fuzz --case-seed 14374091512087370909)
# reason: frame 0 (f) diverges: +     linspace = torch.linspace(0, 1, 5) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     linspace = torch.linspace(0, 1, 5) -     size = l_x_.size() -     getitem = size[0];  size = None -     linspace = torch.linspace(0, 1, getitem);  getitem = None       t0 = linspace.unsqueeze(-1);  linspace = t0 = None       e
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
    t1 = torch.einsum('bi,bj->ij', x, x).sum(-1)
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
