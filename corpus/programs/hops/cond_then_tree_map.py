"""torch.cond first (its pytree guards on the module's import alias), then pytree.tree_map through torch.utils._pytree: that source is the DUPLICATE_INPUT and tree_map is read through the alias.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    b = torch.cond(y.sum() > 2, lambda t: t.sin() + 1, lambda t: t.cos() * 2, (y,))
    a = torch.utils._pytree.tree_map(lambda v: v * 2 + 1, (x, [b]))[1][0] + x
    return a


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
