"""Data-dependent methods in method form: equal, allclose, is_nonzero, __contains__, bincount, histogram, nonzero_static, multinomial, bernoulli.

scope: part1
expect: 10 graphs, 6 breaks, 0 recompiles
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
    return a * 2 if a.equal(a) else a


def f1(a):
    return a * 2 if a.allclose(a + 1e-9) else a


def f2(a):
    return a + 1 if a.sum().is_nonzero() else a


def f3(a):
    return a + 1 if a.__contains__(a[0, 0]) else a


def f4(a):
    return a.bincount(), a.nonzero_static(size=4)


def f5(a):
    return a.histogram(3)


def f6(a):
    torch.manual_seed(1)
    return a.multinomial(2), (a * 0 + 0.5).bernoulli().shape


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
print('f4', show(torch.compile(f4, backend="eager")(torch.tensor([0, 1, 1, 3, 0]))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(10))))
print('f6', show(torch.compile(f6, backend="eager")(torch.rand(3, 4))))
