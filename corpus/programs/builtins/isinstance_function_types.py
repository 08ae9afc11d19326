"""isinstance against types.FunctionType and types.MethodType (as inspect does): a bound
method, a plain function, a lambda made in the frame, a builtin and a tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import types

import torch

torch.manual_seed(0)


class Box:
    def __init__(self, k):
        self.k = k

    def get(self):
        return self.k


def helper(x):
    return x + 1


def fn(x, box):
    f = lambda y: y * 2  # noqa: E731
    flags = (
        isinstance(box.get, types.MethodType),
        isinstance(helper, types.FunctionType),
        isinstance(f, types.FunctionType),
        isinstance(helper, types.MethodType),
        isinstance(len, types.FunctionType),
        isinstance(x, (types.FunctionType, types.MethodType)),
    )
    n = sum(1 << i for i, b in enumerate(flags) if b)
    return x * n + box.get()


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4), Box(2))
print(tuple(out.shape), round(out.sum().item(), 4))
