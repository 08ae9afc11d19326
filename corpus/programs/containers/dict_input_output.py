"""A dict of tensors in, a new dict of tensors out.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(batch):
    return {"sum": batch["x"] + batch["y"], "prod": batch["x"] * batch["y"]}


opt = torch.compile(fn, backend="eager")
res = opt({"x": torch.randn(3), "y": torch.randn(3)})
for key in sorted(res):
    out = res[key]
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
