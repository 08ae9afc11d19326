# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = flatten.reshape(N, N);  flatten = None
# case seed: 4224390369658186238 (dynrr-fuzz --case-seed 4224390369658186238)
# reason: frame 0 (f) diverges: +     t0 = flatten.reshape(5, 4);  flatten = None --- dynamo graph 0 +++ core graph 0            def forward(self, L_x_ : torch.Tensor):       l_x_ = L_x_       flatten = l_x_.flatten() +     t0 = flatten.reshape(5, 4);  flatten = None +     reshape_1 = t0.reshape(10, 2);  t0 = None +     t1 = reshape_1.reshape(5, 4);  reshape_1 = t1 = None +     ones = torch.ones(5, 1) +    
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.flatten().reshape(x.shape[0], 4)
    t1 = t0.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t2 = torch.ones(x.shape[0], 1) * x
    t3 = torch.linspace(0, 1, x.shape[0]).unsqueeze(-1)
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
