"""A context manager object made outside the compiled function: Dynamo cannot enter it.

scope: part2
expect: 1 graph, 1 break, 0 recompiles; Unsupported context manager at BEFORE_WITH, compiled up to the checkpoint before the with, the rest runs eagerly
"""
import torch

torch.manual_seed(0)


class Section:
    def __init__(self):
        self.entered = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


SECTION = Section()


def fn(x):
    a = x.tanh()
    b = a * 3
    with SECTION:
        b = b + 1
    return b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), SECTION.entered)
