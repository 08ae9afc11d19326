# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_  N;  l_z_ = None
# case seed: 9578829385450412737 (dynrr-fuzz --case-seed 9578829385450412737)
# reason: frame 0 (f) diverges: +     t0 = l_z_  10;  l_z_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     t0 = l_z_  10;  l_z_ = None -     size = l_x_.size() -     getitem = size[0];  size = None -     mul = getitem * 2;  getitem = None -     t0 = l_z_  mul;  l_z_ = mul = None       sin = torch.sin
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z / (x.shape[0] * 2)
    t1 = torch.sin(t0) + x
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
