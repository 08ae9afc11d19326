# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     reshape_N = sum_N.reshape(N, N);  sum_N = None
# case seed: 6860203995723460671 (dynrr-fuzz --case-seed 6860203995723460671)
# reason: frame 0 (f) diverges: +     reshape_1 = sum_1.reshape(5, 2);  sum_1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       reshape = l_x_.reshape(-1, 2)       sum_1 = reshape.sum(-1);  reshape = None +     reshape_1 = sum_1.reshape(5, 2);  sum_1 = None -     size = l_x_.size() -     getitem = size
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(-1, 2).sum(-1).reshape(x.shape[0], 2).sum(-1, keepdim=True)
    t1 = z.reshape(x.shape[0], -1)
    t2 = x * n + x.shape[0]
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
