"""Alias Tensor methods: absolute, divide, multiply, negative, subtract, true_divide, ger.

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


def f0(x, y):
    return x.absolute() + x.divide(y) + x.multiply(y) + x.negative() + x.subtract(y, alpha=2) + x.true_divide(y)


def f1(x, y):
    return x.ger(y)


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.rand(3, 4) + 1)))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3), torch.randn(4))))
