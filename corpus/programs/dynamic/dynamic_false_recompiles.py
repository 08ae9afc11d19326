"""torch.compile(dynamic=False): a new size recompiles a second static graph (no symbols).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.cos() + x.shape[0]


opt = torch.compile(fn, backend="eager", dynamic=False)
a = opt(torch.randn(4))
b = opt(torch.randn(6))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 4))
