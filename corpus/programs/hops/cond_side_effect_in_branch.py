"""torch.cond whose branch appends to a list of the enclosing frame: Dynamo refuses the mutation.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError (side effect in a branch)
"""
import torch

torch.manual_seed(0)
LOG = []


def on_true(t):
    LOG.append(1)
    return t + 1


def on_false(t):
    return t - 1


def fn(x):
    return torch.cond(x.sum() > 0, on_true, on_false, (x,))


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(3))
    print("compiled")
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
