"""Float unary Tensor methods: acosh, asinh, atanh, digamma, lgamma, erfc, erfinv, i0, sinc, deg2rad, rad2deg, logit.

scope: part1
expect: 4 graphs, 0 breaks, 0 recompiles
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
    return (x + 1.5).acosh() + x.asinh() + (x * 0.5).atanh()


def f1(x):
    return x.digamma() + x.lgamma() + x.erfc() + (x - 1).erfinv() * 0.1


def f2(x):
    return x.i0() + x.sinc() + x.deg2rad() + x.rad2deg() * 0.01 + (x * 0.5).logit(eps=1e-6)


def f3(x):
    return x.deg2rad(), x.rad2deg()


print('f0', show(torch.compile(f0, backend="eager")(torch.rand(3, 4) * 1.8 - 0.9)))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) + 0.5)))
print('f2', show(torch.compile(f2, backend="eager")(torch.rand(3, 4) + 0.5)))
print('f3', show(torch.compile(f3, backend="eager")(torch.arange(6).reshape(2, 3))))
