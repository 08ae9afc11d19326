"""A graph break under a user context manager before any op: Dynamo skips the frame.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles; Graph break under GenericContextWrappingVariable
"""
import torch

torch.manual_seed(0)


class Quiet:
    def __enter__(self):
        return 2

    def __exit__(self, exc_type, exc, tb):
        return False


def fn(x):
    with Quiet() as k:
        print("under ctx")
        y = x * k
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
