"""Binary arithmetic in method form: add, sub, mul, div with alpha and rounding_mode, and sub_, div_, pow_.

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
    return x.add(y, alpha=2) + x.sub(y) + x.mul(y) + x.div(y) + x.div(y, rounding_mode="floor")


def f1(x, y):
    a = x.clone()
    a.sub_(y, alpha=0.5)
    a.div_(y)
    a.pow_(2)
    return a


def f2(x, y):
    return x.floor_divide(y) + x.fmod(y) + x.remainder(y) + x.float_power(2).float()


def f3(x, y):
    a = x.clone()
    a.floor_divide_(y)
    b = x.clone()
    b.fmod_(y)
    c = x.clone()
    c.remainder_(y)
    return a + b + c


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.rand(3, 4) + 1)))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4), torch.rand(3, 4) + 1)))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4) * 4, torch.rand(3, 4) + 1)))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4) * 4, torch.rand(3, 4) + 1)))
