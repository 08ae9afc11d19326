"""In-place binary Tensor methods: atan2_, hypot_, copysign_, xlogy_, nextafter_, ldexp_, igamma_, igammac_, heaviside_, gcd_, lcm_, and gcd, lcm.

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
    a = x.clone()
    a.atan2_(y)
    a.hypot_(y)
    a.copysign_(y)
    a.xlogy_(y.abs())
    a.nextafter_(y)
    return a


def f1(x, y):
    a = x.clone()
    a.igamma_(y)
    b = x.clone()
    b.igammac_(y)
    c = x.clone()
    c.ldexp_(y)
    d = x.clone()
    d.heaviside_(y)
    return a + b + c + d


def f2(a, b):
    c = a.clone()
    c.gcd_(b)
    d = a.clone()
    d.lcm_(b)
    return a.gcd(b) + a.lcm(b) + c + d


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.rand(3, 4) + 0.5, torch.rand(3, 4) + 0.5)))
print('f2', show(torch.compile(f2, backend="eager")(torch.randint(1, 20, (3, 4)), torch.randint(1, 20, (3, 4)))))
