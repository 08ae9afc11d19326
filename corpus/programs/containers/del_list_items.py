"""`del` on items and slices of a list built in the frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    parts = [x, x * 2, x * 3, x + 1, x - 1, x * n]
    del parts[1]
    del parts[-1]
    del parts[::2]
    scales = [1, 2, 3, 4]
    del scales[1:3]
    return sum(parts) * len(scales)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 4)
print(tuple(out.shape), round(out.sum().item(), 4))
