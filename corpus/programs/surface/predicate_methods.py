"""Boolean predicate Tensor methods: signbit, isposinf, isneginf, isreal.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
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
    y = x / x.round()
    return y.signbit().int() + y.isposinf().int() + y.isneginf().int() + y.isreal().int()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
