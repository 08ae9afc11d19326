"""Strides where FakeTensorMode differs from eager: an elementwise op on a zero-size
tensor and zeros_like of an all-size-1 slice. Dynamo's example values come from
FakeTensorMode; core/fake follows eager (see core/fake/README.md), so this frame is a
known divergence, kept to show what `dynrr` reports and how `dynrr debug` finds it.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = x.t() + 1
    b = y.view(1, 1, 3).expand(2, 1, 3) * 2
    c = torch.zeros_like(y.view(1, 3)[:, :1])
    return a, b, c


opt = torch.compile(fn, backend="eager")
a, b, c = opt(torch.randn(0, 3), torch.randn(3))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape))
