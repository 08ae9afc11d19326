"""Statistics in method form: cov, corrcoef, quantile, nanquantile.

scope: part1
expect: 1 graph, 3 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(a):
    return a.cov(), a.corrcoef(), a.cov(correction=0)


def f1(a):
    return a.quantile(0.5), a.quantile(torch.tensor([0.25, 0.75]), dim=1), a.nanquantile(0.3, dim=0, keepdim=True)


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 5))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 5))))
