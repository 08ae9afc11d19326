# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_.reshape(N, -N);  l_z_ = None
# case seed: 2770748594630263252 (dynrr-fuzz --case-seed 2770748594630263252)
# reason: frame 0 (f) diverges: +     t0 = l_z_.reshape(5, -1);  l_z_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_ +     t0 = l_z_.reshape(5, -1);  l_z_ = None -     size = l_x_.size() -     getitem = size[0];  size = None -     t0 = l_z_.reshape(getitem, -1);  l_z_ = getitem = None       t = l_x_.t()  
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z.reshape(x.shape[0], -1)
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = torch.ones(x.shape[0], 1) * t0
    return t2


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
