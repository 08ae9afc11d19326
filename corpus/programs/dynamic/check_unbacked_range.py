"""torch._check on comparisons of an unbacked .item() with ints: no guard; the symbol's
range narrows, its bounds are asserted right after the .item() unless a check asserts
the same relation, and each check's comparison is asserted after it.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True


def bounded(x):
    n = x.max().int().item()
    torch._check(n >= 2)
    torch._check(n < 100)
    return x * n


def sized(x):
    n = x.sum().int().item()
    torch._check(n > 0)
    torch._check(n <= 64)
    return torch.ones(n) * 2


out = [
    torch.compile(bounded, backend="eager")(torch.arange(5.0)),
    torch.compile(sized, backend="eager")(torch.ones(3)),
]
print([tuple(o.shape) for o in out])
