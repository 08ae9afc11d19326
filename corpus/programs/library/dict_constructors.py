"""dict() from keywords, pairs and a mapping, and dict.fromkeys (the construct_dict polyfill).

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = dict(scale=x * 2, shift=x + 1)
    b = dict([("w", x.sin()), ("b", 3)])
    c = dict({"k": x.cos()}, extra=4)
    d = dict.fromkeys(["p", "q"], 0)
    return a["scale"] + a["shift"] * b["b"] + b["w"] + c["k"] * c["extra"] + len(d)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
