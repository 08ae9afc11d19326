"""ArithmeticError and its subclasses raised and caught by their base class.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x
    for cls in (
        ArithmeticError,
        FloatingPointError,
        OverflowError,
        ZeroDivisionError,
    ):
        try:
            raise cls("boom")
        except ArithmeticError as e:
            y = y + len(e.args)
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
