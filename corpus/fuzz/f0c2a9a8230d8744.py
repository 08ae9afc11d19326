# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     getitem_N = l_z_[(slice(None, None, None), slice(None, N, None))]
# case seed: 3159812694614971209 (dynrr-fuzz --case-seed 3159812694614971209)
# reason: frame 0 (f) diverges: +     getitem_1 = l_z_[(slice(None, None, None), slice(None, 1, None))] --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       t = l_x_.t()       matmul = l_x_ @ t;  t = None       t0 = matmul.sum(-1, keepdim = True);  matmul = t0 = None       cat = torch.cat([l_x_, l_x_]);  cat = N
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x @ x.t()).sum(-1, keepdim=True)
    t1 = torch.cat([x, x])[:x.shape[0]]
    t2 = z[:, :1] * z[:x.shape[0], -1:]
    t3 = x.flatten().reshape(x.shape[0], 4)
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
