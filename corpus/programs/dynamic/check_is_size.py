"""torch._check_is_size on a static int, a dynamic size, a dynamic int input and an
unbacked .item(): a torch._check_is_size graph call each time; a guard `0 <= L['n']` for
the int, a range [0, inf] for the unbacked symbol, asserted right after its .item().

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True


def static_size(x):
    torch._check_is_size(x.size(0))
    return x + 1


def dynamic_size(x):
    torch._check_is_size(x.size(0))
    return x * 2


def int_input(x, n):
    torch._check_is_size(n)
    return x * n


def unbacked(x):
    n = x.sum().int().item()
    torch._check_is_size(n)
    return torch.zeros(n) + 1


out = [
    torch.compile(static_size, backend="eager")(torch.ones(3)),
    torch.compile(dynamic_size, backend="eager", dynamic=True)(torch.ones(3)),
    torch.compile(int_input, backend="eager", dynamic=True)(torch.ones(3), 4),
    torch.compile(unbacked, backend="eager")(torch.ones(3)),
]
print([tuple(o.shape) for o in out])
