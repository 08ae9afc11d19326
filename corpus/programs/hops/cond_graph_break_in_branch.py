"""torch.cond whose branch calls print (a graph break): cond cannot fall back, Dynamo raises.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError (the branch's graph break)
"""
import torch

torch.manual_seed(0)


def on_true(t):
    torch._dynamo.graph_break()
    return t + 1


def fn(x):
    return torch.cond(x.sum() > 0, on_true, lambda t: t - 1, (x,))


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(3))
    print("compiled")
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
