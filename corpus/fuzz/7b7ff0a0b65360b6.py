# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     view_N = tN.view(sN, N, N);  sN = None
# case seed: 9539498401014366942 (dynrr-fuzz --case-seed 9539498401014366942)
# reason: frame 0 (f) diverges: +     view_1 = t0.view(s77, 2, 2);  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 4       reshape = l_x_.reshape(mul);  mul = None       t0 = reshape.view(-1, 4);  reshape = None +     view_1 = t0.view(s77, 2, 2);  s77 = None -     view_1 = t0.view(s77, 2, 2)       sum_
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 4).view(-1, 4)
    t1 = t0.view(x.shape[0], 2, 2).sum(-1).mean(-1, keepdim=True)
    t2 = x * max(x.shape[0], 4)
    return [t2, t0], {'f': s}


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    torch._dynamo.mark_dynamic(x, 0)
    torch._dynamo.mark_dynamic(z, 0)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
