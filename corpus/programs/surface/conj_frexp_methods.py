"""conj, resolve_conj, resolve_neg of real tensors, frexp and aminmax in method form.

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
    return x.conj() + x.resolve_conj() + x.resolve_neg()


def f1(x):
    m, e = x.frexp()
    a = x.aminmax()
    b = x.aminmax(dim=1)
    return m, e, a.min, a.max, b.min, b.max


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
