"""operator module functions called on ints and tensors: truth, pos, abs, contains, length_hint, rshift, concat, and the unary opcodes not and +.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import operator

import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    n = operator.rshift(64, 2) + operator.pos(-3) + operator.abs(-4) + operator.length_hint([1, 2, 3])
    if operator.truth(n) and operator.contains([1, 2, 3], 2):
        return x * n
    return x


def f1(x):
    t = operator.concat((1, 2), (3,))
    flag = not x.shape[0] == 4
    return +x * len(t) + operator.pos(x) + operator.abs(x), flag


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3))))
