"""Square-matrix methods: matrix_power, matrix_exp, inverse, det, logdet.

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


def f0(a):
    return a.matrix_power(3) + a.matrix_exp() + a.inverse()


def f1(a):
    return a.det(), a.logdet()


print('f0', show(torch.compile(f0, backend="eager")(torch.eye(3) + 0.1 * torch.randn(3, 3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.eye(3).repeat(2, 1, 1) + 0.1 * torch.randn(2, 3, 3))))
