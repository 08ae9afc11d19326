# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     numel = tN.numel();  numel = None
# case seed: 6656485609405688653 (dynrr-fuzz --case-seed 6656485609405688653)
# reason: frame 1 (f) diverges: +     numel = t0.numel();  numel = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_n_ : torch.SymInt):       l_x_ = L_x_       l_n_ = L_n_       mul = s77 * 4       reshape = l_x_.reshape(mul);  l_x_ = None       t0 = reshape.view(-1, 4);  reshape = None       mul_1 = t0 * t0       sum_1 = mul_1.sum();  mul_1 = 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 4).view(-1, 4)
    t1 = (t0 * t0).sum() / t0.numel()
    t2 = t0 * (n * x.shape[0] % 5)
    return t2


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
