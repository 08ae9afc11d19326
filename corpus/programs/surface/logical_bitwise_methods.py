"""Logical and bitwise Tensor methods: logical_and/or/xor/not, bitwise_and/or/xor/not and shifts, and their in-place forms.

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
    return x.logical_and(y).int() + x.logical_or(y).int() + x.logical_xor(y).int() + x.logical_not().int()


def f1(x, y):
    return x.bitwise_and(y) + x.bitwise_or(y) + x.bitwise_xor(y) + x.bitwise_not() + x.bitwise_left_shift(1) + x.bitwise_right_shift(1)


def f2(x, y):
    a = x.clone()
    a.bitwise_and_(y)
    a.bitwise_or_(y)
    a.bitwise_xor_(y)
    a.bitwise_left_shift_(1)
    a.bitwise_right_shift_(1)
    a.bitwise_not_()
    b = x.bool()
    b.logical_not_()
    return a, b


print('f0', show(torch.compile(f0, backend="eager")(torch.randint(0, 2, (3, 4)), torch.randint(0, 2, (3, 4)))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randint(0, 8, (3, 4)), torch.randint(0, 8, (3, 4)))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randint(0, 8, (3, 4)), torch.randint(0, 8, (3, 4)))))
