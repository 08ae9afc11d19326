# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem = chunk[N];  chunk = None
# case seed: 13027829562965144646 (dynrr-fuzz --case-seed 13027829562965144646)
# reason: frame 0 (f) diverges: +     getitem = chunk[0];  chunk = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_z_ : torch.Tensor):       l_z_ = L_z_       chunk = l_z_.chunk(2);  l_z_ = None +     getitem = chunk[0];  chunk = None +     t1 = getitem.sum(0);  getitem = None -     getitem_2 = chunk[0];  chunk = None -     t1 = getitem_2.sum(0);  getitem_2 = None       return (t1,) 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = x.shape[0]
    t1 = z.chunk(2)[0].sum(0)
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
