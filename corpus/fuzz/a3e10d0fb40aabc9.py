# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem = l_x_[slice(None, N, None)]
# case seed: 8993588844441692223 (dynrr-fuzz --case-seed 8993588844441692223)
# reason: frame 0 (f) diverges: +     getitem = l_x_[slice(None, 2, None)] --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_ +     getitem = l_x_[slice(None, 2, None)] +     t0 = getitem.sum(0);  getitem = t0 = None -     size = l_x_.size() -     getitem = size[0];  size = None -     floordiv = getitem  2;  getitem
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x[:x.shape[0] // 2].sum(0)
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = torch.ones(x.shape[0], 1) * z
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
