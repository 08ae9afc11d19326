"""The Warning classes raised as exceptions and caught by Warning.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x
    for cls in (
        Warning,
        BytesWarning,
        DeprecationWarning,
        EncodingWarning,
        FutureWarning,
        ImportWarning,
        PendingDeprecationWarning,
        ResourceWarning,
        RuntimeWarning,
        SyntaxWarning,
        UnicodeWarning,
        UserWarning,
    ):
        try:
            raise cls("boom")
        except Warning as e:
            y = y + len(e.args)
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
