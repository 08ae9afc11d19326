"""torch.cond under mark_dynamic: a branch reads a free tensor with a static size; the operand's size symbol is lifted.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
w = torch.randn(4)


def fn(x):
    return torch.cond(x.sum() > 0, lambda t: t * w.sum(), lambda t: t - w.mean(), (x,))


opt = torch.compile(fn, backend="eager")
x = torch.randn(6, 4)
torch._dynamo.mark_dynamic(x, 0)
out = opt(x)
print(tuple(out.shape), round(out.double().sum().item(), 4))
