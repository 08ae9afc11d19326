"""An in-place operator on an object made while tracing whose class defines __iadd__
(returning self, as ModuleList.__iadd__ does) and __imul__ (returning a new object), with
Python values on the right (a tensor there makes Dynamo try operator.iadd in the graph).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Acc:
    def __init__(self):
        self.total = 0

    def __iadd__(self, other):
        self.total = self.total + other
        return self

    def __imul__(self, k):
        out = Acc()
        out.total = self.total * k
        return out


def fn(x, items):
    acc = Acc()
    acc += items[0]
    acc += len(items)
    acc *= 3
    return x * acc.total


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4), [2, 5])
print(tuple(out.shape), round(out.sum().item(), 4))
