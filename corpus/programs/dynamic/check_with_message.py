"""torch._check with a message lambda: on a comparison of size symbols the runtime-assert pass asserts with the message's text; with a constant True predicate nothing reaches the graph (check_impl registers the function as _check_message first, unused).

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch


def f(x):
    torch._check(x.shape[0] >= 2, lambda: "need two rows")
    return x * 2


def g(x):
    torch._check(True, lambda: "always")
    return x + 1


print(torch.compile(f, backend="eager", dynamic=True)(torch.randn(3, 4)).shape)
print(torch.compile(g, backend="eager")(torch.randn(3, 4)).shape)
