"""torch.cond whose branch returns a view of its input: with grad mode on Dynamo refuses the aliasing.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError (aliasing: the branch returns a view of its input)
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    z = torch.cond(x.sum() > 0, lambda a: a.view(-1), lambda a: a.reshape(-1) * 1, (x,))
    return z + y


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(2, 2), torch.randn(4))
    print("compiled")
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
