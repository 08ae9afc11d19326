"""Module.apply(fn) with a visitor that records each module's class name into a list.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(3, 4), nn.Sequential(nn.ReLU(), nn.Linear(4, 2)))
seen = []


def visit(m):
    seen.append(type(m).__name__)


@torch.compile(backend="eager")
def run(x):
    model.apply(visit)
    return model(x) * len(seen)


out = run(torch.randn(2, 3))
print(tuple(out.shape), round(out.double().sum().item(), 4), seen)
