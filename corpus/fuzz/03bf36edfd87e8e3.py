# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem = l_x_[(slice(None, None, None), slice(None, N, None))]
# case seed: 15328689966073187317 (dynrr-fuzz --case-seed 15328689966073187317)
# reason: frame 0 (f) diverges: +     getitem = l_x_[(slice(None, None, None), slice(None, 1, None))] --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       t0 = l_y_ * 2;  l_y_ = t0 = None +     getitem = l_x_[(slice(None, None, None), slice(None, 1, None))] +     getitem_1 = l_x_[(slice(None, 5, None), slice(-1,
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] > 4:
        t0 = y * 2
    else:
        t0 = y + 1
    b1 = z.shape[0]
    t2 = x[:, :1] * x[:b1, -1:]
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
