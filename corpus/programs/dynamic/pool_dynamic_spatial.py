"""Pooling when the spatial dims change between calls: max_pool2d's output size is a
FloorDiv of each symbolic dim, with `(s//2) != 1` guards from the ops after it. The core
refuses this by name (the FloorDiv sizes of pooling are not modelled).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def fn(x):
    return F.max_pool2d(x, 2) + 1, F.adaptive_avg_pool2d(x, 1).flatten(1)


opt = torch.compile(fn, backend="eager")
for hw in ((8, 8), (10, 12)):
    out = opt(torch.randn(2, 3, *hw))
    print([tuple(t.shape) for t in out])
