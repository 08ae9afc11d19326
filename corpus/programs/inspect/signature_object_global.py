"""A Signature made before compiling, read as a global: VariableBuilder wraps inspect's
Signature and Parameter objects as InspectVariable under SkipGuardSource (no guards on
them), with the parameters / kind / name property redirects.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch

torch.manual_seed(0)


def helper(a, b, *rest, scale=2):
    return a


SIG = inspect.signature(helper)


def fn(x):
    n = 0
    for name, p in SIG.parameters.items():
        if p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD:
            n += len(p.name)
    return x * n + len(SIG.parameters)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
