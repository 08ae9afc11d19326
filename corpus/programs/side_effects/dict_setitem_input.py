"""Storing, overwriting and deleting keys of a dict argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, state):
    state["out"] = x.relu()
    state["count"] = state["count"] + 1
    del state["tmp"]
    return x * state["count"]


opt = torch.compile(fn, backend="eager")
state = {"count": 1, "tmp": None}
out = opt(torch.randn(4), state)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(sorted(state), state["count"])
