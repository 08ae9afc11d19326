"""Advanced indexing with a long index tensor and index_select.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, idx):
    return x[idx], x[:, idx], torch.index_select(x, 0, idx)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(5, 5), torch.tensor([4, 0, 2])):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
