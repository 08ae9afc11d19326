"""clamp_, clamp_max(_), clamp_min_, clip(_), lerp(_), addcmul(_), addcdiv(_) in method form.

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
    a.clamp_(-0.5, 0.5)
    b = x.clone()
    b.clamp_max_(0.2)
    b.clamp_min_(-0.2)
    c = x.clone()
    c.clip_(min=-0.1)
    return a + b + c + x.clamp_max(0.3) + x.clip(-1, 1)


def f1(x, y):
    a = x.clone()
    a.lerp_(y, 0.3)
    b = x.clone()
    b.addcmul_(x, y, value=0.5)
    return a + b + x.lerp(y, 0.7) + x.addcmul(x, y) + x.addcdiv(x, y.abs() + 1, value=2)


def f2(x, y):
    a = x.clone()
    a.addcdiv_(x, y.abs() + 1, value=0.5)
    return a


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4), torch.randn(3, 4))))
