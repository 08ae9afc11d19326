"""An except clause with a tuple of exception types.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    out = x
    try:
        out = out.cos()
        raise IndexError("i")
    except (TypeError, IndexError):
        out = out * 4
    return out


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
