# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem_N = l_x_[slice(None, N, None)]
# case seed: 1500278050361647405 (dynrr-fuzz --case-seed 1500278050361647405)
# reason: frame 0 (f) diverges: +     getitem_1 = l_x_[slice(None, 2, None)] --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     getitem_1 = l_x_[slice(None, 2, None)] +     t1 = getitem_1.sum(0);  getitem_1 = t1 = None +     getitem_2 = l_x_[slice(None, 2, None)];  l_x_ = None +     t2 = getitem_2.sum(0);  get
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[x.shape[0] - 1]
    t1 = x[:x.shape[0] // 2].sum(0)
    t2 = x[:x.shape[0] // 2].sum(0)
    t3 = torch.full((x.shape[0], 4), 0.5) * z
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
