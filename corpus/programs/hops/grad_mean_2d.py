"""torch.func.grad of a 2-d mean: the gradient (the expanded incoming gradient divided by numel) is contiguous and does not require grad.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda a: a.mean())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
