# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     reshape = l_x_.reshape(N)
# case seed: 12375178060199875462 (dynrr-fuzz --case-seed 12375178060199875462)
# reason: frame 0 (f) diverges: +     reshape = l_x_.reshape(20) --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_ +     reshape = l_x_.reshape(20) -     size = l_x_.size() -     getitem = size[0];  size = None -     mul = getitem * 4;  getitem = None -     reshape = l_x_.reshape(mul);  mul = None       t0 = reshape.view(-1, 4);  reshape = None       t1
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 4).view(-1, 4)
    if z.size(0) == x.shape[0]:
        t1 = t0 * 3
    else:
        t1 = t0
    t2 = torch.mm(t0, t0.t()) @ x
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
