# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul = l_x_ * N;  l_x_ = None
# case seed: 15754132049613042750 (dynrr-fuzz --case-seed 15754132049613042750)
# reason: frame 0 (f) diverges: +     mul = l_x_ * 5;  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     mul = l_x_ * 5;  l_x_ = None -     size = l_x_.size() -     getitem = size[0];  size = None -     mul = l_x_ * getitem;  getitem = None       add = mul + 1;  mul = None +     t0 = add  6;  add 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x * x.shape[0] + 1) / (x.shape[0] + 1)
    b1 = z.shape[0]
    t2 = z * x.shape[0]
    t3 = torch.ones(b1, 1) * t0
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
