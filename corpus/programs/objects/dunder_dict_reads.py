"""An object's __dict__ read while tracing: .get with and without the key, `in`, items.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Holder:
    def __init__(self):
        self.alpha = 3
        self.beta = 0.5


def fn(x, h):
    d = h.__dict__
    extra = d.get("gamma")
    y = x * d.get("alpha", 1)
    if extra is None and "beta" in d:
        y = y + d["beta"]
    for k, v in d.items():
        y = y + len(k) * v
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), Holder())
print(tuple(out.shape), round(out.sum().item(), 4))
