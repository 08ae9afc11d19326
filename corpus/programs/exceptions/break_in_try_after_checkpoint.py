"""A graph break inside a try block after a checkpoint: the partial graph is compiled there.

scope: part2
expect: 1 graph, 1 break, 0 recompiles; Dynamo cannot resume inside the try block, so it compiles up to the last checkpoint (two ops) and runs the rest eagerly
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x + 1
    z = y * 2
    try:
        print("inside try")
        z = z - 3
    except RuntimeError:
        z = z * 0
    return z


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
