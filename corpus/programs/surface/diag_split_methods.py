"""diagonal, diag, take, msort, tensor_split, hsplit and vsplit in method form.

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


def f0(x, i):
    return x.diagonal(), x.diagonal(1), x[0].diag(), x.diag(-1), x.take(i), x.msort()


def f1(x):
    a = x.tensor_split(3, dim=1)
    b = x.hsplit(2)
    c = x.vsplit(2)
    return a[0] + 1, a[2] * 2, b[1].sum(), c[0].sum()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4), torch.tensor([[0, 5], [11, 2]]))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(4, 6))))
