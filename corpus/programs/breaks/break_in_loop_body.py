"""A print inside a loop body: a graph break in a loop makes Dynamo skip the whole frame.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles; "graph break in loop", the frame runs eagerly
"""
import torch

torch.manual_seed(0)


def fn(x):
    for i in range(3):
        x = x * 2
        print("iteration", i)
    return x + 1


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
