"""Reductions and predicates in method form: all, any, cumprod, diff, logsumexp, min, var, isfinite, isinf, isnan.

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
    return x.gt(0).all(), x.gt(0).any(dim=1), x.cumprod(0), x.diff(dim=1), x.logsumexp(1)


def f1(x):
    v, i = x.min(dim=0)
    return x.min(), v, i, x.var(1), x.var(unbiased=False)


def f2(x):
    y = x / x.abs().round()
    return y.isfinite(), y.isinf(), y.isnan()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
