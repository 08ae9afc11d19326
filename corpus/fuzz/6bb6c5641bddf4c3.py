# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = torch.softmax(l_x_, dim = N);  l_x_ = None
# case seed: 15033190749649645106 (dynrr-fuzz --case-seed 15033190749649645106)
# reason: frame 0 (f) diverges: +     t0 = torch.softmax(l_x_, dim = 0);  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     t0 = torch.softmax(l_x_, dim = 0);  l_x_ = None +     ones = torch.ones(5, 1) -     t0 = torch.softmax(l_x_, dim = 0) -     size = l_x_.size();  l_x_ = None -     getitem = s
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.softmax(x, dim=0)
    t1 = torch.ones(x.shape[0], 1) * t0
    t2 = torch.mm(t1, t1.t()) @ z
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
