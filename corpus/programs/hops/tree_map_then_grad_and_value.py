"""pytree.tree_map in the frame, then torch.func.grad_and_value, whose inlined grad_and_value_impl calls the same tree_map through eager_transforms' globals: functions are not deduped by identity, each source is wrapped and guarded (CLOSURE_MATCH) on its own.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(y, z):
    t2 = torch.utils._pytree.tree_map(lambda v: v * 2 + 1, (z, [y]))[1][0] + z
    g, v = torch.func.grad_and_value(lambda r, w: (r * w).tanh().sum())(t2, z)
    return g, v


opt = torch.compile(fn, backend="eager")
g, v = opt(torch.randn(4), torch.randn(3, 1))
print(tuple(g.shape), round(g.double().sum().item(), 4), round(v.item(), 4))
