"""A dict argument gaining a key between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(d):
    out = 0
    for k in d:
        out = out + d[k]
    return out


opt = torch.compile(fn, backend="eager")
a = opt({"a": torch.ones(2)})
b = opt({"a": torch.ones(2), "b": torch.ones(2)})
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
