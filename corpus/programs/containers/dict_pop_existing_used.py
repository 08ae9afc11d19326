"""dict.pop on a dict argument whose popped value is used: CONSTANT_MATCH on the value
(realised), the remaining values guarded as the dict is written back.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, cfg):
    scale = cfg.pop("scale")
    cfg.pop("unused")
    return x * scale + cfg["shift"]


opt = torch.compile(fn, backend="eager")
cfg = {"scale": 3.0, "shift": 1.0, "unused": "tag", "keep": 2}
out = opt(torch.randn(3), cfg)
print(tuple(out.shape), round(out.sum().item(), 4), sorted(cfg))
