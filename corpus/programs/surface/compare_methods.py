"""Comparison Tensor methods eq, ne, lt, le, gt, ge, maximum, minimum, and the aliases greater, less, not_equal.

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


def f0(x, y):
    return x.eq(y).int() + x.ne(y).int() + x.lt(y).int() + x.le(y).int() + x.gt(0.5).int() + x.ge(y).int()


def f1(x, y):
    return x.maximum(y) - x.minimum(y)


def f2(x, y):
    return x.greater(y).int() + x.greater_equal(y).int() + x.less(y).int() + x.less_equal(y).int() + x.not_equal(y).int()


print('f0', show(torch.compile(f0, backend="eager")(torch.randint(0, 3, (3, 4)).float(), torch.randint(0, 3, (3, 4)).float())))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randint(0, 3, (3, 4)).float(), torch.randint(0, 3, (3, 4)).float())))
