"""sorted() with key= and reverse=, and list.sort(key=) over tensors keyed by their sizes.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y, z):
    names = sorted(["conv", "bn", "linear"], key=len, reverse=True)
    tensors = [x, y, z]
    tensors.sort(key=lambda t: t.shape[0])
    scale = len(names[0])
    return tensors[0].sum() * scale + tensors[2].mean()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5), torch.randn(2), torch.randn(7))
print(tuple(out.shape), round(out.item(), 4))
