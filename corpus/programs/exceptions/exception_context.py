"""A raise inside a handler sets __context__ to the handled exception.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    try:
        try:
            raise IndexError("first")
        except IndexError:
            raise RuntimeError("second")
    except RuntimeError as e:
        if isinstance(e.__context__, IndexError):
            return x * 7
        return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
