"""Rows regrouped into 2x2 blocks under dynamic=True: flat.view(q, 2, 2) with
q = x.numel() // 4 on an (s77, s27) input. Dynamo's reshape algorithm compares q with
s77 (equal on the hints: a guard, no replacement) and then the int 2 with s27, which
Python evaluates as the reflected SymInt comparison: the guards read
L['x'].size()[1] != 2, (L['x'].size()[1] % 2) == 0 and (L['x'].size()[1] // 2) == 2,
the SymInt on the left. The core decides the view on the size expressions with the
same orientation.

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def regroup_quads(x):
    flat = x.view(-1).view(x.shape[0], -1)
    q = x.numel() // 4
    return flat.view(q, 2, 2).sum(-1)


f = torch.compile(regroup_quads, backend="eager", dynamic=True)
print(f(torch.randn(6, 4)).shape)
print(f(torch.randn(10, 4)).shape)
