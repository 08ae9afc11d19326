# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     numel_N = tN.numel();  numel_N = None
# case seed: 14996275468430808934 (dynrr-fuzz --case-seed 14996275468430808934)
# reason: frame 1 (f) diverges: +     numel_1 = t3.numel();  numel_1 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_n_ = L_n_       l_z_ = L_z_       mul = l_x_ * l_n_;  l_n_ = None       t0 = mul + s68;  mul = s68 = None       numel = l_x_.numel()       
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x * n + x.shape[0]
    b1 = x.numel() // 4
    t2 = torch.sin(x) + x
    t3 = t0 * 2 if x.shape[0] > 3 else t0 - 1
    t4 = (t3 * t3).sum() / t3.numel()
    t5 = torch.where(t3 > 0, t3, z)
    return t5


CALLS = 3
SIZES = (2, 3, 4)
INTS = (0, 1, 2)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
