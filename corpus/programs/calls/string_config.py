"""Python strings decide what the frame computes: str methods, slicing, f-strings and
numeric parsing on constants are folded while tracing.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

MODE = "Scale_2.5:relu"


def fn(x):
    name, act = MODE.split(":")
    factor = float(name[len("scale_"):])
    y = x * factor
    if act.upper() == "RELU" and name.lower().startswith("scale"):
        y = torch.relu(y)
    tag = f"{act}-{int('3') + 1}"
    if tag.endswith("4") and not tag.isdigit():
        y = y + len(tag)
    return y, "-".join([act, name.strip()])


opt = torch.compile(fn, backend="eager")
y, label = opt(torch.randn(4))
print(tuple(y.shape), round(y.sum().item(), 4), label)
