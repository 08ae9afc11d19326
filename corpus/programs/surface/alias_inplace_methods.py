"""In-place aliases: absolute_, divide_, multiply_, negative_, subtract_, true_divide_, and cumsum_, cumprod_.

scope: part1
expect: 2 graphs, 0 breaks, 0 recompiles
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
    a.absolute_()
    a.divide_(y)
    a.multiply_(y)
    a.negative_()
    a.subtract_(y)
    a.true_divide_(y)
    return a


def f1(x):
    a = x.clone()
    a.cumsum_(0)
    b = x.clone()
    b.cumprod_(1)
    return a + b


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.rand(3, 4) + 1)))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
