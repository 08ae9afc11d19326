"""torch.func.vmap over a dict argument (in_dims as a prefix of the pytree).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f(d):
    return d["a"].sin() + d["b"]


def fn(x, y):
    return torch.func.vmap(f)({"a": x, "b": y})


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
