"""float() of a dynamic size: a torch.sym_float node whose value is ToFloat(s), no guard,
used as a Python float scalar in tensor arithmetic (a float32 result, not float64).

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch


def scale(x):
    b = x.size(0)
    return x * float(b)


def normalise(x, y):
    n = float(y.shape[0])
    return (x / n).sum(0) + y.mean() * n


out = [
    torch.compile(scale, backend="eager", dynamic=True)(torch.randn(5, 3)),
    torch.compile(normalise, backend="eager", dynamic=True)(torch.randn(4, 2), torch.randn(6)),
]
print([tuple(o.shape) for o in out])
