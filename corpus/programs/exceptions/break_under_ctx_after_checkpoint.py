"""A graph break under a user context manager after a checkpoint: the partial graph is compiled there.

scope: part2
expect: 1 graph, 1 break, 0 recompiles; Graph break under GenericContextWrappingVariable, the partial graph ends at the checkpoint before the with
"""
import torch

torch.manual_seed(0)


class Counter:
    def __init__(self):
        self.n = 0

    def __enter__(self):
        self.n += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


def fn(x):
    a = x.sin()
    b = a.cos()
    c = Counter()
    with c:
        print("under ctx")
        b = b + c.n
    return b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
