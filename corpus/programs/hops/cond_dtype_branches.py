"""torch.cond on an int64 operand whose branches convert dtypes (float, double then float).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.cond(x.sum() > 0, lambda t: t.float(), lambda t: t.double().float(), (y,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.arange(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
