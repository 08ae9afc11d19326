"""Pooling under automatic dynamic shapes: a batch that changes between calls is a
symbol the pooling meta functions pass through (max_pool2d, avg_pool2d, adaptive
average pooling), with no guard.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.max_pool2d(x, 2) + 1, F.avg_pool2d(x, 2).sum(), F.adaptive_avg_pool2d(x, 1).flatten(1)


opt = torch.compile(fn, backend="eager")
for b in (2, 5, 7):
    out = opt(torch.randn(b, 3, 8, 8))
    print([tuple(t.shape) for t in out])
