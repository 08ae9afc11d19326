# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     tN = ones_N * tN;  ones_N = tN = None
# case seed: 1457127987877887305 (dynrr-fuzz --case-seed 1457127987877887305)
# reason: frame 1 (f) diverges: +     t4 = ones_2 * t3;  ones_2 = t4 = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_z_ = L_z_       ones = torch.ones(s77, 1)       t0 = ones * l_x_;  ones = None       mul_1 = s77 * 4       t1 = l_z_ + mul_1;  l_z_ = mul_1 = t1 = None       on
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.ones(x.shape[0], 1) * x
    t1 = z + x.shape[0] * n
    t2 = t0 @ torch.ones(4, 4)
    t3 = x * (x.shape[0] * x.shape[0] - x.shape[0])
    t4 = torch.ones(x.shape[0], 1) * t3
    t5 = t2[:x.shape[0]]
    b6 = t3.numel() // 4
    return t5


CALLS = 3
SIZES = (4, 4, 6)
INTS = (4, 4, 4)


def make_inputs(k=0):
    torch.manual_seed(k)
    b = SIZES[k]
    x = torch.randn(b, 4)
    y = torch.randn(4)
    z = torch.randn(b, 1)
    inputs = [x, y, z, INTS[k], 0.5]
    return inputs
