# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_[sub];  l_z_ = sub = None
# case seed: 7862607762062317733 (dynrr-fuzz --case-seed 7862607762062317733)
# reason: frame 0 (f) diverges: +     t1 = l_z_[sub];  l_z_ = sub = None --- dynamo graph 0 +++ core graph 0            def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_z_ = L_z_       sub = s68 - 1;  s68 = None +     t1 = l_z_[sub];  l_z_ = sub = None -     t1 = torch.select(l_z_, 0, sub);  l_z_ = sub = None       return (t1,)        
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = z.size()[0]
    t1 = z[b0 - 1]
    return t1


CALLS = 3
SIZES = (2, 6, 3)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(z, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
