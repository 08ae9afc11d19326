"""An optimizer-style in-place addcdiv_ with value= (Dynamo decomposes it into div,
inductor's prims.fma and copy_), on a copy made by torch.tensor(t).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(p, g, v):
    q = torch.tensor(p)
    q.addcdiv_(g, v.abs() + 1e-3, value=-0.1)
    return q


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(3, 4), torch.randn(3, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
