# dynrr-fuzz failure, saved by dynrr-fuzz (fuzz/corpus.cpp)
# property: fidelity
# signature: fidelity: diverges: +     mul = tN * tN
# case seed: 2724608984660025474 (dynrr-fuzz --case-seed 2724608984660025474)
# reason: frame 0 (f) diverges: +     mul = t0 * t0 --- dynamo graph 0 +++ core graph 0            def forward(self, s77 : torch.SymInt, L_x_ : torch.Tensor):       l_x_ = L_x_       t = l_x_.t()       mm = torch.mm(l_x_, t);  t = None       t0 = mm @ l_x_;  mm = None       numel = l_x_.numel()       einsum = torch.functional.einsum('bi,bj->ij', l_x_, l_x_);  l_x_ = None       t2 = einsum.sum(-1);  einsum =
import torch
import torch.nn.functional as F

torch.manual_seed(1234)


def f(x, y, z, n, s):
    t0 = torch.mm(x, x.t()) @ x
    b1 = x.numel() // 4
    t2 = torch.einsum('bi,bj->ij', x, x).sum(-1)
    t3 = (t0 * t0).sum() / t0.numel()
    return t3


CALLS = 3
SIZES = (2, 6, 3)
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
