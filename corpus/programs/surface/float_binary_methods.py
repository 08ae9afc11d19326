"""Float binary Tensor methods: atan2, hypot, copysign, logaddexp, logaddexp2, xlogy, nextafter, ldexp, igamma, igammac, fmax, fmin, heaviside.

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


def f0(x, y):
    return x.atan2(y) + x.hypot(y) + x.copysign(y) + x.logaddexp(y) + x.logaddexp2(y)


def f1(x, y):
    return x.xlogy(y) + x.nextafter(y) + x.igamma(y) + x.igammac(y) + x.fmax(y) + x.fmin(y)


def f2(x, e):
    return x.ldexp(e), x.heaviside(torch.tensor(0.5))


def f3(x, y):
    return x.atan2(y), x.hypot(y.float())


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) + 0.5, torch.rand(3, 4) + 0.5)))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4), torch.randint(0, 3, (3, 4)))))
print('f3', show(torch.compile(f3, backend="eager")(torch.arange(6).reshape(2, 3), torch.arange(1, 7).reshape(2, 3))))
