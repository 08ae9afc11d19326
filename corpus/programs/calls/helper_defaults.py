"""A helper with default arguments, some overridden.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def norm(t, eps=1e-5, scale=1.0, center=True):
    if center:
        t = t - t.mean()
    return t / (t.std() + eps) * scale


def fn(x):
    return norm(x) + norm(x, scale=2.0) + norm(x, 1e-3, center=False)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
