# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     numel = l_x_.numel()
# case seed: 10518726918467426544 (dynrr-fuzz --case-seed 10518726918467426544)
# reason: frame 1 (f) diverges: +     numel = l_x_.numel() --- dynamo graph 0 +++ core graph 0            def forward(self, s68 : torch.SymInt, L_z_ : torch.Tensor, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_z_ = L_z_       l_x_ = L_x_       mul = l_z_ * l_z_;  l_z_ = None       sum_1 = mul.sum();  mul = None       t0 = sum_1  s68;  sum_1 = s68 = t0 = None       mul_1 = l_x_ * l_x_       sum_2 = mul_
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = (z * z).sum() / z.numel()
    t1 = (x * x).sum() / x.numel()
    t2 = (x @ x.t()).sum(-1, keepdim=True)
    return t2


CALLS = 3
SIZES = (3, 5, 7)
INTS = (0, 0, 0)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
