"""Metadata read by methods: ndimension, nelement, stride, element_size, is_complex, is_floating_point.

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
    return x * (x.ndimension() + x.nelement() + x.stride(0) + x.stride()[1])


def f1(x):
    if x.is_complex() or not x.is_floating_point():
        return x
    return x * x.element_size()


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
