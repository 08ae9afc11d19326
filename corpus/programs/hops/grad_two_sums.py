"""torch.func.grad of a.sum() + a.sum(): the two expanded gradients accumulate into a fresh contiguous tensor that does not require grad.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda a: a.sum() + a.sum())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 2))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
