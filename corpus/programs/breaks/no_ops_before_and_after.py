"""A frame with tensor ops, a graph break, and a resume function that does nothing
but Python arithmetic: Dynamo compiles the first part and skips the resume frame
("No ops traced for the FX graph"), which then runs eagerly.

scope: part2
expect: 1 graph, 1 break, 0 recompiles; the resume frame is skipped
"""
import torch

torch.manual_seed(0)


def fn(x, n):
    y = x.sin() + 1
    print("between")
    m = n * 3 + 1
    return y, m


opt = torch.compile(fn, backend="eager")
y, m = opt(torch.randn(3), 2)
print(tuple(y.shape), round(y.sum().item(), 4), m)
