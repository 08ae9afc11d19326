"""Scatter-like writers in method form: put, put_, index_put, index_put_, index_reduce, index_reduce_.

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


def f0(a):
    idx = torch.tensor([0, 5, 7])
    b = a.clone()
    b.put_(idx, torch.ones(3))
    return a.put(idx, torch.ones(3), accumulate=True), b


def f1(a):
    idx = (torch.tensor([0, 2]),)
    b = a.clone()
    b.index_put_(idx, torch.ones(2, 4))
    return a.index_put(idx, torch.zeros(4)), b


def f2(a):
    idx = torch.tensor([0, 2, 0])
    b = a.clone()
    b.index_reduce_(0, idx, torch.ones(3, 4), 'prod')
    return a.index_reduce(0, idx, torch.ones(3, 4) * 2, 'amax', include_self=False), b


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
