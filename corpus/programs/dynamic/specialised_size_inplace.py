"""After a size branch fixes the batch symbol to 6, an in-place op returns its input
itself (its example value keeps the symbol) and a new tensor mixing the specialised input
with a tensor of 6 rows broadcasts without a guard.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch

torch.manual_seed(0)


def fn(x, w):
    x = x.clone()
    if x.shape[0] == 6:
        x.mul_(2)
        z = x + w
        return z.sum(1), x.numel()
    return x.sum(1), 0


opt = torch.compile(fn, backend="eager")
w = torch.randn(6, 3)
a = opt(torch.randn(4, 3), w[:4])
b = opt(torch.randn(6, 3), w)
print(tuple(a[0].shape), tuple(b[0].shape), b[1])
