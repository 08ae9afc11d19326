"""Reading module-level constants: numbers, tuples, strings and a dict.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


EPS = 1e-6
SHAPE = (2, 6)
MODE = "mean"
COEFFS = {"a": 0.25, "b": 4}


def fn(x):
    x = x.reshape(SHAPE)
    red = x.mean(1) if MODE == "mean" else x.sum(1)
    return red * COEFFS["a"] + COEFFS["b"] + EPS


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(12))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
