"""A user decorator wraps a helper; the wrapper closure is inlined.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def doubled(f):
    def wrapper(*args, **kwargs):
        return f(*args, **kwargs) * 2

    return wrapper


@doubled
def shifted(t, by=1.0):
    return t + by


def fn(x):
    return shifted(x) + shifted(x, by=3.0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
