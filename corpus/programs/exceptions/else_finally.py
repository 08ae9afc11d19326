"""try / except / else / finally when nothing is raised, and when something is.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def step(v, fail):
    try:
        if fail:
            raise ValueError("fail")
        v = v + 1
    except ValueError:
        v = v - 1
    else:
        v = v * 2
    finally:
        v = v / 3
    return v


def fn(x):
    return step(x, False) + step(x, True)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
