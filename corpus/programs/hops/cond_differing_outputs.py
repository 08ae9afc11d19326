"""torch.cond whose branches return tuples of different lengths: Dynamo raises (cond has no fallback).

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError (torch.cond: differing branch outputs)
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.sum() > 0, lambda t: (t.sin(), t + 1), lambda t: (t - 1,), (x,))


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(3))
    print("compiled")
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
