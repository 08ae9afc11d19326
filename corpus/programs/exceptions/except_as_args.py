"""`except E as e` reading the exception's args.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    try:
        raise ValueError(3, "three")
    except ValueError as e:
        scale = e.args[0]
        tag = e.args[1]
    return x * scale + len(tag)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
