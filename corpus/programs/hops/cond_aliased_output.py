"""torch.cond whose branch returns its input unchanged: with grad mode on, Dynamo refuses the aliasing.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError (aliasing)
"""
import torch

torch.manual_seed(0)


def fn(x):
    return torch.cond(x.sum() > 0, lambda t: t, lambda t: t * 2, (x,))


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(3))
    print("compiled")
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
