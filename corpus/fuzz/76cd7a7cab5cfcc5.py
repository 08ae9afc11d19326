# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     matmul = t @ l_x_;  t = l_x_ = None
# case seed: 17066182823511171000 (dynrr-fuzz --case-seed 17066182823511171000)
# reason: frame 0 (f) diverges: +     matmul = t @ l_x_;  t = l_x_ = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       t = l_x_.t() +     matmul = t @ l_x_;  t = l_x_ = None -     matmul = t @ l_x_;  t = None       t0 = matmul.sum(0);  matmul = t0 = None +     t1 = l_z_.reshape(5, -1);  l_z_ = None -    
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (x.t() @ x).sum(0)
    t1 = z.reshape(x.shape[0], -1)
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
