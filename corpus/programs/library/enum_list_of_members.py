"""list() of an Enum class: its length guarded, the members stay lazy until used.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import enum

import torch

torch.manual_seed(0)


class Color(enum.Enum):
    RED = "r"
    GREEN = "g"
    BLUE = "b"


def fn(x):
    colors = list(Color)
    return x * len(colors) + (1 if colors[1].value == "g" else 0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
