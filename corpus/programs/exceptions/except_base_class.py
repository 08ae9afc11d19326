"""An exception caught by a base class (LookupError catches KeyError).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    try:
        raise KeyError("k")
    except ValueError:
        return x
    except LookupError:
        return x.abs() + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
