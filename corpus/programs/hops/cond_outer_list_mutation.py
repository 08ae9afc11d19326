"""torch.cond whose branch appends to a list the compiled frame made before the cond: outside the subgraph's scope, Dynamo raises.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; Dynamo raises UncapturedHigherOrderOpError (HOP: Unsafe side effect)
"""
import torch

torch.manual_seed(0)


def fn(x):
    seen = []

    def on_true(t):
        seen.append(t)
        return t + 1

    out = torch.cond(x.sum() > 0, on_true, lambda t: t - 1, (x,))
    return out, len(seen)


opt = torch.compile(fn, backend="eager")
try:
    opt(torch.randn(3))
    print("compiled")
except Exception as e:  # noqa: BLE001
    print(type(e).__name__)
