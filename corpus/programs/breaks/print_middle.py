"""A print call in the middle of a function splits it in two graphs.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles; break at print
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.sin() + 1
    print("between the two halves")
    return y.cos() * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), round(out.sum().item(), 4))
