"""A try/except inside a loop; the exception is raised on some iterations only.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    acc = x
    for i in range(4):
        try:
            if i % 2 == 1:
                raise ValueError(i)
            acc = acc + i
        except ValueError as e:
            acc = acc * e.args[0]
    return acc


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
