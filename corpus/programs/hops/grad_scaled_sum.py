"""torch.func.grad of (a * 2).sum(): mul by a constant gives a gradient that does not require grad at the grad level (create_graph=True records grad * 2).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.func.grad(lambda a: (a * 2).sum())(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.stride(), round(out.double().sum().item(), 4))
