"""The compiled function is itself a closure reading a float and a tensor cell.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make_affine(scale, shift):
    def affine(x):
        return x * scale + shift

    return affine


opt = torch.compile(make_affine(2.5, torch.randn(3)), backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
