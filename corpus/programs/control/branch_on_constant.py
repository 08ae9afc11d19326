"""if/else on a module-level constant flag.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


USE_RELU = True
SCALE = 3


def fn(x):
    if USE_RELU:
        x = x.relu()
    else:
        x = x.tanh()
    if SCALE > 2:
        x = x * SCALE
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
