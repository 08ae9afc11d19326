"""Validation errors collected into an ExceptionGroup and caught inside the compiled function (the builtins ExceptionGroup and BaseExceptionGroup as exception classes: raise, except, isinstance). Dynamo keeps BaseExceptionGroup(msg, [ValueError()]) an instance of that class, where CPython's constructor gives an ExceptionGroup when every member is an Exception: checked_shift compiles to x - 1 while eager returns x + 1 (a Dynamo mis-compilation, recorded as Dynamo decides).

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def checked_scale(x):
    try:
        raise ExceptionGroup("invalid config", [ValueError("scale"), TypeError("shift")])
    except ExceptionGroup:
        return x * 0.5


def checked_shift(x):
    try:
        raise BaseExceptionGroup("invalid config", [ValueError("shift")])
    except BaseExceptionGroup as e:
        if isinstance(e, ExceptionGroup):
            return x + 1
        return x - 1


out = torch.compile(checked_scale, backend="eager")(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
out = torch.compile(checked_shift, backend="eager")(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
