"""A graph break between two mutations of a list argument.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, log):
    log.append(x.sum())
    print("logged")
    log.append(x.mean())
    return x * len(log)


opt = torch.compile(fn, backend="eager")
log = []
out = opt(torch.randn(4), log)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(len(log))
