"""isinstance on the argument types picks the code path.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, extra):
    if isinstance(extra, (list, tuple)):
        for e in extra:
            x = x + e
    elif isinstance(extra, float):
        x = x * extra
    if isinstance(x, torch.Tensor):
        x = x.abs()
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), [1.0, 2.0])
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
