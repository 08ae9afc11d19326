"""An exception leaving an inlined helper and the frame: the frame and the helper are skipped.

scope: part2
expect: 0 graphs, 2 breaks, 0 recompiles; fn and then validate are each skipped (Observed exception)
"""
import torch

torch.manual_seed(0)


def validate(t):
    if t.shape[-1] != 5:
        raise RuntimeError("last dim must be 5")
    return t


def fn(x):
    y = x * 2
    return validate(y)


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(4, 3))
    print("no exception")
except RuntimeError as e:
    print("RuntimeError", e.args)
