"""dynamic=True, then a branch on the first dim equal to 4: that symbol becomes 4 while the
second dim stays symbolic; ops after the branch have size 4 in dim 0 and the symbol in dim 1,
and x.size(1) is still a SymInt.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    if x.size(0) == 4:
        y = x * 2
        return y.sum(0) + x.size(1), y.mean(1)
    return x.sum(0), x.mean(1)


opt = torch.compile(fn, backend="eager", dynamic=True)
a = opt(torch.randn(4, 7))
print([tuple(t.shape) for t in a])
