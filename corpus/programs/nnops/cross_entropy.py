"""F.cross_entropy and F.mse_loss on fixed targets.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(logits, target, pred, goal):
    return F.cross_entropy(logits, target) + F.mse_loss(pred, goal)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 5), torch.tensor([0, 4, 2, 1]), torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
