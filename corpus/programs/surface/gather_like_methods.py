"""take_along_dim, repeat_interleave, histc in method form.

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
    i = x.argsort(dim=1)
    return x.take_along_dim(i, dim=1), x.take_along_dim(i.flatten()[:3])


def f1(x):
    return x.repeat_interleave(2), x.repeat_interleave(3, dim=1)


def f2(x):
    return x.histc(bins=5, min=-2, max=2)


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(2, 3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(20))))
