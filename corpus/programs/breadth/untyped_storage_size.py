"""untyped_storage().size() of inputs, one a view of a larger buffer: the recorded nbytes, a constant.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, v):
    n = x.untyped_storage().size() // x.element_size()
    m = v.untyped_storage().size()
    if m > v.numel() * v.element_size():
        v = v * 2
    return x + n, v + m


buf = torch.randn(6, 4)
opt = torch.compile(fn, backend="eager")
a, b = opt(torch.randn(3, 2), buf[1:3, :2])
print(tuple(a.shape), tuple(b.shape), round(a.sum().item(), 4), round(b.sum().item(), 4))
