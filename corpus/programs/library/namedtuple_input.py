"""A namedtuple argument: its length guarded, its fields read lazily through attribute
sources (L['p'].a), by name, by index and by unpacking.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)

Batch = collections.namedtuple("Batch", ["inputs", "targets", "scale"])


def fn(batch):
    inputs, targets, _ = batch
    loss = (inputs - batch.targets).pow(2).mean()
    return loss * batch.scale + targets.sum() * batch[2]


opt = torch.compile(fn, backend="eager")
out = opt(Batch(torch.randn(4, 3), torch.randn(4, 3), 0.5))
print(tuple(out.shape), round(out.item(), 4))
