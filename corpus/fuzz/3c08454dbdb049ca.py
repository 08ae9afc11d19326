# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     reshape = l_x_.reshape(mul, N);  mul = None
# case seed: 14209057310161917290 (dynrr-fuzz --case-seed 14209057310161917290)
# reason: frame 1 (f) diverges: +     reshape = l_x_.reshape(mul, 2);  mul = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       mul = s77 * 2 +     reshape = l_x_.reshape(mul, 2);  mul = None -     reshape = l_x_.reshape(mul, 2)       t0 = reshape.reshape(s77, 4);  reshape = t0 = None +     mul_1 = s77 * 2 +     arange = to
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t1 = torch.arange(x.shape[0] * 2).view(x.shape[0], 2).float().sum(-1, keepdim=True) + x
    return t1


CALLS = 3
SIZES = (3, 5, 7)
INTS = (1, 1, 1)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
