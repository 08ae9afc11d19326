# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_x_ * N
# case seed: 15943200418201577955 (dynrr-fuzz --case-seed 15943200418201577955)
# reason: frame 0 (f) diverges: +     t0 = l_x_ * 5 --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_ +     t0 = l_x_ * 5 +     getitem = l_x_[slice(None, 2, None)];  l_x_ = None +     t1 = getitem.sum(0);  getitem = t1 = None -     size = l_x_.size() -     getitem = size[0];  size = None -     t0 = l_x_ * getitem;
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * x.shape[0]
    t1 = x[:x.shape[0] // 2].sum(0)
    t2 = t0.amax(0) + t0.amin(0)
    if z.size(0) == x.shape[0]:
        t3 = y * 3
    else:
        t3 = y
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
