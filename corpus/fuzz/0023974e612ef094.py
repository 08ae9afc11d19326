# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: -     size = l_x_.size()
# case seed: 11485580420711978612 (dynrr-fuzz --case-seed 11485580420711978612)
# reason: frame 0 (f) diverges: -     size = l_x_.size() --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ -     size = l_x_.size() -     getitem = size[0];  size = None       amax = l_x_.amax(0)       amin = l_x_.amin(0);  l_x_ = None       t1 = amax + amin;  amax = amin = t1 = None +     new_zeros = l_z_.new_zero
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    b0 = x.shape[0]
    t1 = x.amax(0) + x.amin(0)
    t2 = z.new_zeros(b0, 1) + z.sum(-1, keepdim=True)
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
