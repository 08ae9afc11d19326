"""A graph break inside the function torch.func.grad differentiates, compiled with a backend other than eager.

scope: part2
expect: the frames entered while the grad transform is active (the function and its resume function) raise "Unsupported functorch tracing attempt" in InstructionTranslator._throw_if_in_functorch: the backend is not eager
"""
import torch

torch.manual_seed(0)


def loss(a):
    torch._dynamo.graph_break()
    return a.cos().sum()


def fn(x):
    y = x * 2
    return torch.func.grad(loss)(y)


opt = torch.compile(fn, backend="aot_eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
