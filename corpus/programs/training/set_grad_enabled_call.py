"""torch.set_grad_enabled called as a function and used as a context manager inside a
compiled function (GradModeVariable.create(..., initialized=True)), then a user-inserted
graph break in an inlined helper under record_function, as Optimizer.step's wrappers do.

scope: part2
expect: 5 graphs, 2 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def helper(x, flag):
    torch.set_grad_enabled(flag)
    y = x * 2
    torch.set_grad_enabled(True)
    return y


@torch.compile(backend="eager")
def fn(x, w):
    a = helper(x @ w, False)
    with torch.set_grad_enabled(False):
        b = (x @ w).relu()
    c = (x @ w).sum()
    return a, b, c


@torch.compile(backend="eager")
def wrapped(x):
    with torch.autograd.profiler.record_function("step"):
        y = x.sin()
        out = breaking(y)
        return out + 1


def breaking(y):
    torch.set_grad_enabled(False)
    torch._dynamo.graph_break()
    z = y.cos()
    torch.set_grad_enabled(True)
    return z


x = torch.randn(3, 4)
w = torch.randn(4, 5, requires_grad=True)
a, b, c = fn(x, w)
print(a.requires_grad, b.requires_grad, c.requires_grad, round(c.item(), 4))
print(tuple(wrapped(torch.randn(4)).shape))
