"""Matrix products in method form: addmm, baddbmm, bmm, dot, vdot, mm, matmul, outer.

scope: part1
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(a, b, c):
    return a.addmm(b, c, beta=0.5, alpha=2) + b.mm(c) + b.matmul(c)


def f1(a, b, c):
    return a.baddbmm(b, c) + b.bmm(c)


def f2(u, v):
    return u.dot(v) + u.vdot(v) + u.outer(v).sum()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 5), torch.randn(3, 4), torch.randn(4, 5))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(2, 3, 5), torch.randn(2, 3, 4), torch.randn(2, 4, 5))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(4), torch.randn(4))))
