"""masked_fill with a broadcast bool mask and -inf, then softmax.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(scores, mask):
    return scores.masked_fill(mask, float("-inf")).softmax(-1)


opt = torch.compile(fn, backend="eager")
mask = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
out = opt(torch.randn(2, 4, 4), mask)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
