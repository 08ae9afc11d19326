"""An exception no handler catches: Dynamo gives up on the frame and it runs eagerly.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles; the frame is skipped (Observed exception) and raises eagerly
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x + 1
    if y.dim() == 2:
        raise ValueError("rejected")
    return y


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(4, 3))
    print("no exception")
except ValueError as e:
    print("ValueError", e.args)
