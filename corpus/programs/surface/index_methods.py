"""Indexing in method form: __getitem__, gather, index_select, narrow, select, scatter(_), scatter_add(_), masked_fill_, where.

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


def f0(x, i):
    return x.__getitem__(1), x.gather(1, i), x.index_select(0, i[0]), x.narrow(1, 1, 2), x.select(0, 2)


def f1(x, i, s):
    a = x.clone()
    a.scatter_(1, i, s)
    b = x.clone()
    b.scatter_add_(1, i, s)
    return x.scatter(1, i, s) + x.scatter_add(1, i, s) + a + b


def f2(x):
    a = x.clone()
    a.masked_fill_(x > 0, 0.0)
    return a + x.where(x > 0, torch.zeros_like(x))


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randint(0, 3, (3, 2)))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4), torch.randint(0, 4, (3, 2)), torch.randn(3, 2))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
