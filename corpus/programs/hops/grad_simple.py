"""torch.func.grad of a scalar function: Dynamo inlines grad_impl with _grad_increment_nesting, _wrap_for_grad and _autograd_grad in the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def loss(a):
    return (a.sin() * 2).sum()


def fn(x):
    return torch.func.grad(loss)(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
