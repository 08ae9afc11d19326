"""Tensor attributes itemsize, nbytes, layout and output_nr read while tracing.

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
    return x * x.itemsize + x.nbytes


def f1(x):
    if x.layout == torch.strided:
        return x + 1
    return x


def f2(x):
    return x + x.output_nr


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3))))
