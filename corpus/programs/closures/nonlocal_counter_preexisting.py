"""The compiled closure increments its own pre-existing cell with nonlocal on each call.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile; the cell value is guarded
"""
import torch

torch.manual_seed(0)


def make_step():
    count = 0

    def step(x):
        nonlocal count
        count += 1
        return x * count

    return step


step = make_step()
opt = torch.compile(step, backend="eager")
a = opt(torch.ones(3))
b = opt(torch.ones(3))
print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))
print(step.__closure__[0].cell_contents)
