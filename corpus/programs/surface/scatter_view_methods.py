"""select_scatter, slice_scatter and diagonal_scatter in method form.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x, r, c, d):
    return x.select_scatter(r, 0, 1) + x.slice_scatter(c, 1, 0, 2) + x.diagonal_scatter(d)


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 3), torch.randn(3), torch.randn(3, 2), torch.randn(3))))
