"""torch.func.vmap of a lambda reading a free tensor: Dynamo inlines vmap_impl (FunctorchHigherOrderVariable) with functorch's batching calls in the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    return torch.func.vmap(lambda a: a.sin() + y)(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
