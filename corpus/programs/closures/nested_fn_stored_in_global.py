"""A nested function created during tracing is stored in a global list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


CALLBACKS = []


def fn(x):
    k = 3.0

    def cb(t):
        return t * k

    CALLBACKS.append(cb)
    return x + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(len(CALLBACKS), CALLBACKS[0](torch.ones(2)).tolist())
