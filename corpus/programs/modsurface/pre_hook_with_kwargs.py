"""A forward pre-hook registered with_kwargs=True that rewrites a keyword argument,
and a forward hook that only observes (returns None).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Scaled(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x, scale=1.0):
        return self.lin(x) * scale


def double_scale(module, args, kwargs):
    kwargs = dict(kwargs)
    kwargs["scale"] = kwargs.get("scale", 1.0) * 2
    return args, kwargs


seen = []


def observe(module, args, output):
    seen.append(1)


m = Scaled()
m.register_forward_pre_hook(double_scale, with_kwargs=True)
m.register_forward_hook(observe)
opt = torch.compile(m, backend="eager")
out = opt(torch.randn(2, 4), scale=3.0)
print(tuple(out.shape), round(out.double().sum().item(), 4), len(seen))
