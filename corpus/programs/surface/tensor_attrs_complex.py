"""Complex tensor attributes real and imag, and the tensor name attribute.

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


def f0(z):
    return z.real * 2 + z.imag


def f1(x):
    if x.name is None:
        return x + 1
    return x


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, dtype=torch.complex64))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3))))
