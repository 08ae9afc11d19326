# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     matmul_N = l_x_ @ t;  l_x_ = t = None
# case seed: 184472563608235854 (dynrr-fuzz --case-seed 184472563608235854)
# reason: frame 0 (f) diverges: +     matmul_1 = l_x_ @ t;  l_x_ = t = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor, L_y_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       matmul = torch.matmul(l_x_, l_y_);  l_y_ = None       t0 = matmul.unsqueeze(-1);  matmul = t0 = None       t = l_x_.t() +     matmul_1 = l_x_ @ t;  l_x_ = t = None -     matmul_1 = l_x
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.matmul(x, y).unsqueeze(-1)
    t1 = (x @ x.t()).sum(-1, keepdim=True)
    t2 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
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
