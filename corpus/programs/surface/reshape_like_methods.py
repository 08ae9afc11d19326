"""Shape methods that are views or reshapes: view_as, reshape_as, ravel, broadcast_to, fliplr, flipud, unflatten, swapdims, movedim, moveaxis, cpu.

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
    return x.view_as(y), x.t().reshape_as(y), x.t().ravel(), x[0].broadcast_to((2, 4))


def f1(x):
    return x.fliplr(), x.flipud(), x.unflatten(1, (2, 2)), x.unflatten(0, (-1, 1))


def f2(x):
    return x.swapdims(0, 2), x.movedim(0, 2), x.moveaxis(-1, 0), x.cpu() + 1


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.randn(4, 3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(2, 3, 4))))
