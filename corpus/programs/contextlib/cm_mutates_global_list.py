"""A contextmanager mutating a global list and a global counter before and after its
yield (side effects replayed after the graph).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import contextlib

import torch

torch.manual_seed(0)

EVENTS = []
DEPTH = 0


@contextlib.contextmanager
def recording(name):
    global DEPTH
    DEPTH += 1
    EVENTS.append(("in", name))
    yield DEPTH
    EVENTS.append(("out", name))
    DEPTH -= 1


def fn(x):
    with recording("a") as d:
        y = x * d
    return y + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4), EVENTS, DEPTH)
