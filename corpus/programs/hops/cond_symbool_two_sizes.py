"""torch.cond on x.shape[0] > y.shape[0] with dynamic=True: a SymBool over two size symbols.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.cond(
        x.shape[0] > y.shape[0], lambda a, b: a.sum() + b.sum(), lambda a, b: a.mean() - b.mean(), (x, y)
    )


opt = torch.compile(fn, backend="eager", dynamic=True)
out = opt(torch.randn(6), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
