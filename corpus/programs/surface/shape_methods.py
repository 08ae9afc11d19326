"""repeat, roll, tile, sort, argsort, topk, swapaxes in method form.

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


def f0(x):
    return x.repeat(2, 1), x.roll(1, 0), x.tile((1, 2)), x.swapaxes(0, 1)


def f1(x):
    v, i = x.sort(dim=1, descending=True)
    t = x.topk(2)
    return v, i, x.argsort(0), t.values, t.indices


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
