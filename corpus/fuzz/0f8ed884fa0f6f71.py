# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem = l_x_[slice(None, N, None)];  l_x_ = None
# case seed: 12100555193614748958 (dynrr-fuzz --case-seed 12100555193614748958)
# reason: frame 0 (f) diverges: +     getitem = l_x_[slice(None, 2, None)];  l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       l_z_ = L_z_ +     getitem = l_x_[slice(None, 2, None)];  l_x_ = None +     t0 = getitem.sum(0);  getitem = t0 = None +     t1 = l_y_ * 5;  t1 = None -
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[:x.shape[0] // 2].sum(0)
    t1 = y * x.shape[0]
    t2 = z
    for j in range(n):
        t2 = t2 * 0.5 + j
    if z.shape[0] >= 5:
        t3 = z - 1
    else:
        t3 = z * 0.5
    t4 = torch.arange(x.shape[0]).float().unsqueeze(-1)
    if t3.size(0) == x.shape[0]:
        t5 = y * 3
    else:
        t5 = y
    return t5


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
