"""Tensor dunder methods called by name: __neg__, __pos__, __abs__, __len__, and get_device, positive, reciprocal.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
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
    return x.__neg__() + x.__pos__() + x.__abs__() + x.__len__()


def f1(x):
    return x.positive() * x.get_device() + x.reciprocal()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) + 1)))
