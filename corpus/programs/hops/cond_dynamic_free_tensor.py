"""torch.cond with dynamic=True whose branches read a second input not passed as an operand: its own size symbol lifted with it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.cond(
        x.sum() > 0, lambda t: t.sum() + y, lambda t: t.mean() - y, (x,)
    )


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(5), torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
