"""NaN-aware and counting reductions in method form: nansum, nanmean, count_nonzero, nan_to_num(_), trace, dist, isclose.

scope: part1
expect: 4 graphs, 0 breaks, 0 recompiles
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
    return x.nansum(), x.nansum(1), x.nanmean(0), x.count_nonzero(), x.count_nonzero(dim=1)


def f1(x):
    y = x / x.round()
    a = y.clone()
    a.nan_to_num_(0.0)
    return y.nan_to_num(nan=0.0, posinf=1.0, neginf=-1.0) + a


def f2(x, y):
    return x.trace() + x.dist(y) + x.dist(y, p=1), x.isclose(y, rtol=0.1)


def f3(x):
    a = x.clone()
    a.renorm_(2, 0, 1.0)
    return x.renorm(2, 0, 1.0) + a


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 3), torch.randn(3, 3))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
