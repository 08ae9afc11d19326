# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     ones_N = torch.ones(sN, N);  sN = None
# case seed: 4040252718824484773 (dynrr-fuzz --case-seed 4040252718824484773)
# reason: frame 1 (f) diverges: +     ones_1 = torch.ones(s77, 1);  s77 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       t0 = l_x_ + 1;  t0 = None       mul = l_x_ * 0       t1 = mul + s77;  mul = t1 = None       mul_1 = l_x_ * 0;  l_x_ = None       t2 = mul_1 +
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    if x.shape[0] > 4:
        t0 = x * 2
    else:
        t0 = x + 1
    t1 = x * n + x.shape[0]
    t2 = x * n + x.shape[0]
    t3 = torch.ones(x.shape[0], n + 1).sum(-1, keepdim=True)
    t4 = torch.ones(x.shape[0], n + 1).sum(-1, keepdim=True)
    t5 = t4[x.shape[0] - 1]
    if x.shape[0] < 4 or x.shape[0] > 6:
        t6 = z + 0.5
    else:
        t6 = z * 4
    return t6


CALLS = 3
SIZES = (5, 3, 8)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
