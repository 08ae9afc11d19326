"""pytree.tree_map reached as torch.utils._pytree (MODULE_MATCH there), then torch.cond: the cond's pytree guards make the module's import alias a DUPLICATE_INPUT.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = torch.utils._pytree.tree_map(lambda v: v * 2 + 1, (x, [y]))[1][0] + x
    b = torch.cond(y.sum() > 2, lambda t: t.sin() + 1, lambda t: t.cos() * 2, (y,))
    return a + b


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
