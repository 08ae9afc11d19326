"""A staticmethod called through self on a pre-existing object, from a method and from
the compiled function.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Bucketer:
    def __init__(self, n):
        self.n = n

    @staticmethod
    def bucket(x, n):
        return torch.clamp(x * n, 0, n - 1).floor()

    def run(self, x):
        return self.bucket(x, self.n) + 1


def fn(x, b):
    return b.run(x) * b.bucket(x, 2)


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4), Bucketer(8))
print(tuple(out.shape), round(out.sum().item(), 4))
