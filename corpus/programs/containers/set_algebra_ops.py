"""Set operators |, &, -, ^ and subset tests on sets of constants, set() of a list, frozenset.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    seen = set(["conv", "bn"])
    wanted = {"bn", "relu", "pool"}
    both = seen & wanted
    either = seen | wanted
    only = wanted - seen
    odd = seen ^ wanted
    frozen = frozenset([1, 2, 2, 3])
    score = len(both) * 100 + len(either) * 10 + len(only) + len(odd) + len(frozen)
    if both <= wanted and seen.issubset(either) and "relu" in only:
        score += 1000
    return x + score


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
