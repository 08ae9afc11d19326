"""`del` on items of a list argument (the list is written back after the graph).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, history):
    del history[0]
    del history[1:]
    return x * len(history)


opt = torch.compile(fn, backend="eager")
hist = [1, 2, 3, 4]
out = opt(torch.randn(3), hist)
print(tuple(out.shape), round(out.sum().item(), 4), hist)
