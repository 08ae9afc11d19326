"""Reductions along a dim returning values and indices: kthvalue, mode, median, nanmedian, cummax, cummin, plus logcumsumexp.

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


def f0(x):
    k = x.kthvalue(2, dim=1)
    m = x.mode(0)
    return k.values, k.indices, m.values, m.indices


def f1(x):
    v, i = x.median(dim=1, keepdim=True)
    return x.median(), v, i, x.nanmedian(), x.nanmedian(0).values


def f2(x):
    a = x.cummax(0)
    b = x.cummin(dim=1)
    return a.values, a.indices, b.values, b.indices, x.logcumsumexp(1)


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
