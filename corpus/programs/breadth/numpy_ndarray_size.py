"""Only a constant comes out of an ndarray: its view node stays in the graph, unused.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = x.numpy()
    return a.size, a.shape, torch.from_numpy(a).size(0) == 1


opt = torch.compile(fn, backend="eager")
print(opt(torch.randn(5, 2)))
