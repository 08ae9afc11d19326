"""torch.func.vmap before and after a torch.cond in one frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, y):
    a = torch.func.vmap(lambda r: r.sin() * 2 + 1)(x)
    b = torch.cond(y.sum() > 2, lambda t: t.sin() + 1, lambda t: t.cos() * 2, (y,))
    c = torch.func.vmap(lambda r, w: r * w, in_dims=(0, None))(a, b)
    return c


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
