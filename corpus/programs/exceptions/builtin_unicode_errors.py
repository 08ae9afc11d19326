"""The UnicodeError subclasses, built with their own argument lists, raised and caught by UnicodeError and ValueError.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x
    try:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")
    except UnicodeError as e:
        y = y + len(e.args)
    try:
        raise UnicodeEncodeError("ascii", "caf\xe9", 3, 4, "out of range")
    except ValueError as e:
        y = y * len(e.args)
    try:
        raise UnicodeTranslateError("abc", 0, 1, "no mapping")
    except UnicodeError as e:
        y = y - len(e.args)
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
