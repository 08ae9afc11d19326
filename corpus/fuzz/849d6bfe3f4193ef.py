# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     full = torch.full((N, N), N.N)
# case seed: 870406918617895786 (dynrr-fuzz --case-seed 870406918617895786)
# reason: frame 0 (f) diverges: +     full = torch.full((5, 4), 0.5) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     full = torch.full((5, 4), 0.5) -     size = l_x_.size() -     getitem = size[0];  size = None -     full = torch.full((getitem, 4), 0.5);  getitem = None       t0 = full * l_z_;  full = l_z_ 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.full((x.shape[0], 4), 0.5) * z
    t1 = x * n + x.shape[0]
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
