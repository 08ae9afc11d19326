"""torch.cond with dynamic=True on a 2-d operand: both size symbols are lifted into each branch.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.mean() > 0, lambda t: t.sin() + 1, lambda t: t.cos() * 2, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(3, 5))
print(tuple(out.shape), round(out.double().sum().item(), 4))
