"""Nested torch.cond with dynamic=True: the size symbol is lifted through two subgraph levels.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    def inner_true(t):
        return t + y

    def inner_false(t):
        return t - y

    def outer_true(t):
        return torch.cond(t.mean() > 0, inner_true, inner_false, (t * 2,))

    def outer_false(t):
        return t.abs()

    return torch.cond(x.sum() > 0, outer_true, outer_false, (x,))


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(5), torch.randn(5))
print(tuple(out.shape), round(out.double().sum().item(), 4))
