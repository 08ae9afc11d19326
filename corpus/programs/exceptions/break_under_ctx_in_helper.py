"""A graph break under a user context manager inside an inlined helper: a normal break at the caller's call.

scope: part2
expect: 2 graphs, 2 breaks, 0 recompiles; the caller breaks at the helper's call (Graph break under GenericContextWrappingVariable) and resumes; the helper, compiled on its own, is skipped for the same reason
"""
import torch

torch.manual_seed(0)


class Timer:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


def helper(t):
    with Timer():
        print("timing")
        return t * 2


def fn(x):
    y = x.relu()
    z = y + 1
    return helper(z) - 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
