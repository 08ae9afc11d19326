"""maybe_mark_dynamic on the batch dim: a symbol from the first call, without the error a
specialisation would raise under mark_dynamic.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    return (x @ w).tanh()


opt = torch.compile(fn, backend="eager")
x = torch.randn(6, 4)
torch._dynamo.maybe_mark_dynamic(x, 0)
a = opt(x, torch.randn(4, 2))
print(tuple(a.shape), round(a.sum().item(), 4))
