"""A user object created during tracing is returned.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Result:
    def __init__(self, value, extra):
        self.value = value
        self.extra = extra


def fn(x):
    r = Result(x * 2, "ok")
    r.norm = x.norm()
    return r


opt = torch.compile(fn, backend="eager")
r = opt(torch.randn(5))
out = r.value
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(r.extra, round(r.norm.item(), 4))
