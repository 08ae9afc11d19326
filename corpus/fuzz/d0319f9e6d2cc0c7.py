# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem_N = l_z_[(slice(None, N, None), slice(-N, None, None))];  l_z_ = None
# case seed: 6461691363392926006 (dynrr-fuzz --case-seed 6461691363392926006)
# reason: frame 0 (f) diverges: +     getitem_1 = l_z_[(slice(None, 5, None), slice(-1, None, None))];  l_z_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_z_ : torch.Tensor, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_       getitem = l_z_[(slice(None, None, None), slice(None, 1, None))] +     getitem_1 = l_z_[(slice(None, 5, None), slice(-1, None, None))];  l_z_ = N
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = z[:, :1] * z[:x.shape[0], -1:]
    t1 = x[:x.shape[0] // 2].sum(0)
    return t1


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
