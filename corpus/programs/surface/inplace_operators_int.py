"""Augmented assignment on Python ints and tensors inside the traced function: &=, |=, ^=, <<=, >>=, *=, **=, //=, %=, /= (operator.i* builtins).

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
    a = 13
    a &= 7
    a |= 8
    a ^= 1
    a <<= 2
    a >>= 1
    a *= 3
    a **= 2
    a //= 5
    a %= 11
    a /= 2
    return x * a


def f1(x, y):
    a = x.clone()
    a *= y
    a /= 2
    a //= 1
    a %= 3
    a **= 2
    return a


def f2(x, y):
    a = x.clone()
    a &= y
    a |= y
    a ^= y
    a <<= 1
    a >>= 1
    return a


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4), torch.rand(3, 4) + 1)))
print('f2', show(torch.compile(f2, backend="eager")(torch.randint(0, 8, (3, 4)), torch.randint(0, 8, (3, 4)))))
