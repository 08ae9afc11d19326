"""collections.OrderedDict and defaultdict built while tracing; missing keys use the factory.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)


def fn(x, y):
    groups = collections.defaultdict(list)
    for name, t in (("even", x), ("odd", y), ("even", x * 2)):
        groups[name].append(t)
    ordered = collections.OrderedDict()
    ordered["first"] = groups["even"][0] + groups["even"][1]
    ordered["second"] = groups["odd"][0]
    kind = isinstance(ordered, dict) and isinstance(groups, collections.defaultdict)
    return ordered["first"] * ordered["second"] + (1 if kind else 0)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4))
