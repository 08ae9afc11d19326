"""torch.utils._pytree.tree_map with a second tree (rests mapped leaf by leaf).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.utils._pytree as pytree

torch.manual_seed(0)


def fn(x, y):
    s = pytree.tree_map(lambda a, b: a * b, [x, (y, x)], [y, (x, x)])
    return s[0] + s[1][0] + s[1][1]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
