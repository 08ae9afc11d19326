"""Closures created in a loop (late binding) and with a default-arg capture.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    late = []
    early = []
    for i in range(3):
        late.append(lambda t: t * i)
        early.append(lambda t, i=i: t * i)
    return sum(f(x) for f in late) + sum(f(x) for f in early)


opt = torch.compile(fn, backend="eager")
out = opt(torch.ones(2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
