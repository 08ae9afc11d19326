"""Special pointwise methods: angle, chalf, hardshrink, prelu, mvlgamma(_), polygamma(_), float_power_, conj_physical(_).

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
    return a.angle(), a.hardshrink(0.3)


def f1(a):
    return a.prelu(torch.tensor([0.25]))


def f2(a):
    b = a.abs() + 2
    c = b.clone()
    c.mvlgamma_(2)
    return b.mvlgamma(2), c


def f3(a):
    b = a.abs() + 1
    c = b.clone()
    c.polygamma_(1)
    return b.polygamma(2), c


def f4(a):
    b = a.double()
    b.float_power_(2)
    return b


def f5(a):
    b = a.clone()
    b.conj_physical_()
    return a.conj_physical() + b


def f6(a):
    return a.chalf()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
print('f4', show(torch.compile(f4, backend="eager")(torch.randn(3, 4))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(3, 4))))
print('f6', show(torch.compile(f6, backend="eager")(torch.randn(3, 4))))
