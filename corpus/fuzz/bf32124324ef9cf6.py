# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     numel = l_x_.numel();  l_x_ = numel = None
# case seed: 15348885458171445668 (dynrr-fuzz --case-seed 15348885458171445668)
# reason: frame 0 (f) diverges: +     numel = l_x_.numel();  l_x_ = numel = None --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor, L_y_ : torch.Tensor, s68 : torch.SymInt, L_z_ : torch.Tensor):       l_x_ = L_x_       l_y_ = L_y_       l_z_ = L_z_       mul = s68 * 2       reshape = l_x_.reshape(mul, 2);  mul = None       t0 = reshape.reshape(s68, 4); 
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = x.reshape(x.shape[0] * 2, 2).reshape(x.shape[0], 4)
    t1 = y * x.shape[0]
    t2 = torch.mm(x, x.t()) @ z
    t3 = (t2 * t2).sum() / t2.numel()
    t4 = t2 - t2.mean(0)
    if x.shape[0] > 4:
        t5 = z * 2
    else:
        t5 = z + 1
    t6 = torch.ones_like(t5) * x.shape[0]
    t7 = t5[:, :1] * t5[:x.shape[0], -1:]
    b8 = x.numel() // 4
    return t7


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
