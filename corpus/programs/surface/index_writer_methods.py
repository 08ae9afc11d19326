"""Out-of-place and in-place index writers in method form: index_add, index_copy, index_fill, masked_scatter, scatter_reduce and their _ forms.

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


def f0(x, i, s):
    return x.index_add(0, i, s, alpha=2) + x.index_copy(0, i, s) + x.index_fill(1, i, -1.0)


def f1(x, i, s):
    a = x.clone()
    a.index_add_(0, i, s)
    b = x.clone()
    b.index_copy_(0, i, s)
    c = x.clone()
    c.index_fill_(1, i, 0.5)
    return a + b + c


def f2(x, s):
    m = x > 0
    a = x.clone()
    a.masked_scatter_(m, s)
    return x.masked_scatter(m, s) + a


def f3(x, i, s):
    a = x.clone()
    a.scatter_reduce_(1, i, s, reduce="amax")
    return x.scatter_reduce(1, i, s, reduce="sum", include_self=False) + a


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 3), torch.tensor([0, 2]), torch.randn(2, 3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 3), torch.tensor([0, 2]), torch.randn(2, 3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4), torch.randint(0, 4, (3, 2)), torch.randn(3, 2))))
