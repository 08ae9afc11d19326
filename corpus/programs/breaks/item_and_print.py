"""An .item() followed by a print in the resumed part: three graphs.

scope: part2
expect: 3 graphs, 2 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.sigmoid()
    s = y.sum().item()
    z = y * s
    print("scaled")
    return z.tanh()


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(5))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
