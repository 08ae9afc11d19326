"""More str methods folded on constants while tracing: find, rfind, count, title,
capitalize, swapcase, zfill, the is* predicates, ljust/rjust/center and partition.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

SPEC = "conv_block:relu"


def fn(x):
    head, sep, act = SPEC.partition(":")
    y = x * (head.find("_") + SPEC.rfind("o") + SPEC.count("o"))
    if head.title() == "Conv_Block" and act.capitalize() == "Relu":
        y = torch.relu(y)
    tag = "7".zfill(3) + act.swapcase().ljust(6, "*") + "x".rjust(3) + "m".center(5, "-")
    if tag[:3].isdigit() and act.isalpha() and act.islower() and not act.isupper():
        y = y + len(tag)
    if " ".isspace() and "a1".isalnum():
        y = y - 1
    return y, tag


opt = torch.compile(fn, backend="eager")
y, tag = opt(torch.randn(4))
print(tuple(y.shape), round(y.sum().item(), 4), tag)
