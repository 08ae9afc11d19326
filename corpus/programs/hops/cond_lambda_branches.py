"""torch.cond whose branches are lambdas over two operands (both lifted into each subgraph).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.cond(x.max() > y.max(), lambda a, b: a * b + a, lambda a, b: a - b.relu(), (x, y))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3), torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
