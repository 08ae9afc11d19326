"""dynamic=True: a tensor sliced to half its symbolic length ((s77//2)) flows into an
elementwise op (infer_size guards `(s77//2) != 1`) and a reduction (no guard).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x[: x.shape[0] // 2]
    return y * 2, y.sum(0)


opt = torch.compile(fn, backend="eager", dynamic=True)
a, b = opt(torch.randn(8, 3))
print(tuple(a.shape), tuple(b.shape), round(a.sum().item(), 4))
