"""Mutating a list nested inside a dict argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, cfg):
    cfg["layers"].append(x.shape[0])
    cfg["meta"]["seen"] = True
    return x * len(cfg["layers"])


opt = torch.compile(fn, backend="eager")
cfg = {"layers": [1, 2], "meta": {}}
out = opt(torch.randn(3), cfg)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(cfg)
