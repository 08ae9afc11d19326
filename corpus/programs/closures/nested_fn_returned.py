"""A nested function created during tracing escapes as a return value.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    shift = x.mean()

    def apply(t):
        return t - shift

    return apply, x * 2


opt = torch.compile(fn, backend="eager")
apply, out = opt(torch.randn(6))
res = apply(torch.ones(6))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(tuple(res.shape), res.dtype, round(res.double().sum().item(), 4))
