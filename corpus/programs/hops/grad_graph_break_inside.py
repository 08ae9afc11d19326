"""A graph break inside the function torch.func.grad differentiates.

scope: part2
expect: 2 graphs, 3 breaks, 0 recompiles; the break inside the inlined grad_impl breaks the frame at its CALL (FunctorchHigherOrderVariable allows no nested graph break), then wrapper and loss
"""
import torch

torch.manual_seed(0)


def loss(a):
    torch._dynamo.graph_break()
    return a.cos().sum()


def fn(x):
    y = x * 2
    return torch.func.grad(loss)(y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
