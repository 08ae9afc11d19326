# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = l_z_ - N;  l_z_ = None
# case seed: 1907367691726300592 (dynrr-fuzz --case-seed 1907367691726300592)
# reason: frame 0 (f) diverges: +     t1 = l_z_ - 2;  l_z_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       l_z_ = L_z_       t0 = l_y_ * 2;  t0 = None +     t1 = l_z_ - 2;  l_z_ = None +     reshape = l_x_.reshape(10, 2);  l_x_ = None +     t2 = reshape.reshape(5, 4);  reshape = 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] > 4:
        t0 = y * 2
    else:
        t0 = y + 1
    t1 = z - x.shape[0] % 3
    t2 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    if z.size(0) == x.shape[0]:
        t3 = y * 3
    else:
        t3 = y
    if t1.size(0) == x.shape[0]:
        t4 = t1 * 3
    else:
        t4 = t1
    return t4


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
