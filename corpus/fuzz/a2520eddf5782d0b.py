# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     view = l_x_.view(N, N, N);  l_x_ = None
# case seed: 8284363532807778591 (dynrr-fuzz --case-seed 8284363532807778591)
# reason: frame 0 (f) diverges: +     view = l_x_.view(5, 2, 2);  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     view = l_x_.view(5, 2, 2);  l_x_ = None -     size = l_x_.size() -     getitem = size[0];  size = None -     view = l_x_.view(getitem, 2, 2);  getitem = None       sum_1 = view.sum(-
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.view(x.shape[0], 2, 2).sum(-1).mean(-1, keepdim=True)
    if z.shape[0] >= 5:
        t1 = z - 1
    else:
        t1 = z * 0.5
    t2 = t1.new_zeros(x.shape[0], 1) + t1.sum(-1, keepdim=True)
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
