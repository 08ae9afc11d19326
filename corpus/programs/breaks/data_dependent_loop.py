"""A while loop whose condition reads a tensor value.

scope: part2
expect: 1 graph, 2 breaks, 0 recompiles; the graph before the first loop test is compiled, the
resume function breaks inside the loop and is skipped (runs eagerly)
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.abs() + 1
    steps = 0
    while y.max() > 4 and steps < 3:
        y = y / 2
        steps += 1
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([3.0, 10.0, 1.0]))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
