"""torch.cond where each branch uses a different operand: unique inputs get _true_branch/_false_branch.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(p, a, b):
    return torch.cond(p, lambda u, v: u.exp(), lambda u, v: v.tanh(), (a, b))


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor(True), torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
