"""A graph break inside a try block with no earlier checkpoint: Dynamo skips the frame.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles; a break in a try block cannot be resumed and no checkpoint precedes it
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x + 1
    try:
        print("inside try")
        y = y * 2
    except ValueError:
        y = y * 0
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
