"""Structural methods: inner, kron, cross, rot90, diag_embed, diagflat, dsplit, unfold, narrow_copy, sum_to_size, new_empty_strided.

scope: part1
expect: 7 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(a):
    return a.inner(a), a.kron(torch.ones(2, 2))


def f1(a):
    return a.cross(a.flip(0), dim=1)


def f2(a):
    return a.rot90(1, (0, 1)), a.rot90(2)


def f3(a):
    return a.diag_embed(), a.diagflat(), a[0].diagflat(1)


def f4(a):
    return a.dsplit(2)


def f5(a):
    return a.unfold(2, 2, 1)


def f6(a):
    return a.narrow_copy(1, 0, 2) * 2, a.sum_to_size(1, 4), a.new_empty_strided((2, 2), (2, 1)).shape


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 3))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 3))))
print('f4', show(torch.compile(f4, backend="eager")(torch.randn(2, 3, 4))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(2, 3, 4))))
print('f6', show(torch.compile(f6, backend="eager")(torch.randn(3, 4))))
