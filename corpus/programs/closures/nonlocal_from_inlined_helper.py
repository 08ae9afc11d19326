"""A pre-existing helper closure writes its own cell (not the root frame's) during tracing.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make_tracker():
    calls = 0

    def track(t):
        nonlocal calls
        calls += 1
        return t + calls

    def count():
        return calls

    return track, count


track, count = make_tracker()


def fn(x):
    return track(x) * track(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.zeros(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(count())
