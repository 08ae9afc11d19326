"""Rounding and sign Tensor methods: ceil, floor, frac, trunc, fix, sign, sgn, and their in-place forms.

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
    return x.ceil() + x.floor() + x.frac() + x.trunc() + x.fix()


def f1(x):
    return x.sign() * 2 + x.sgn()


def f2(x):
    y = x.clone()
    z = x.clone()
    w = x.clone()
    y.ceil_()
    z.floor_()
    w.trunc_()
    return y + z + w.frac_() + x.clone().round_() + x.clone().sign_() + x.clone().sgn_()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4) * 3)))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4) * 3)))
