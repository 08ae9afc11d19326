"""Data-dependent output shapes in method form (nonzero, masked_select, unique, argwhere, unique_consecutive): graph breaks.

scope: part1
expect: 6 graphs, 5 breaks, 0 recompiles
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
    return x.nonzero(), x * 2


def f1(x):
    return x.masked_select(x > 0), x * 2


def f2(x):
    return x.unique(), x * 2


def f3(x):
    return x.argwhere(), x * 2


def f4(x):
    return x.unique_consecutive(), x * 2


print('f0', show(torch.compile(f0, backend="eager")(torch.tensor([0.0, 1.0, 2.0, 0.0]))))
print('f1', show(torch.compile(f1, backend="eager")(torch.tensor([0.0, 1.0, -2.0, 3.0]))))
print('f2', show(torch.compile(f2, backend="eager")(torch.tensor([3, 1, 3, 2]))))
print('f3', show(torch.compile(f3, backend="eager")(torch.tensor([0.0, 1.0, 2.0, 0.0]))))
print('f4', show(torch.compile(f4, backend="eager")(torch.tensor([1, 1, 3, 2]))))
