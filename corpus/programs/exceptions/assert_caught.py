"""An `assert False` in an inlined helper raises AssertionError, caught by the caller.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def checked(t, n):
    if n < 2:
        # `assert False` compiles to a bare raise (no jump Dynamo would rewrite).
        assert False, "n too small"
    return t * n


def fn(x):
    try:
        return checked(x, 1)
    except AssertionError:
        return checked(x, 3)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
