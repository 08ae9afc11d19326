"""torch.func.grad of a.sum().sin(): sum expands a gradient that requires grad (cos of the sum), so the result has stride 0 and requires grad at the grad level.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda a: a.sum().sin())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
