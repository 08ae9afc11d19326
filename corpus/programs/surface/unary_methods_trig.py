"""Tensor methods in method form: acos, asin, atan, cosh, sinh, tan, tanh_ and the trig in-place forms.

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
    return x.acos() + x.asin() * x.atan()


def f1(x):
    return x.cosh() - x.sinh() + x.tan()


def f2(x):
    y = x.clone()
    y.cos_()
    y.sin_()
    y.tan_()
    y.tanh_()
    return y


print('f0', show(torch.compile(f0, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9)))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9)))
print('f2', show(torch.compile(f2, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9)))
