"""A pre-existing instance of a dict subclass read with [], get, in, len and iteration.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Table(dict):
    def total(self):
        return sum(self.values())


TABLE = Table(a=1, b=2, c=4)


def fn(x):
    y = x * TABLE["a"] + TABLE.get("b") + TABLE.get("z", 0.5)
    if "c" in TABLE:
        y = y * len(TABLE)
    for k in TABLE:
        y = y + len(k)
    return y + TABLE.total()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
