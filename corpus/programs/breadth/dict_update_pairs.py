"""dict.update and OrderedDict.update with a list of pairs, a tuple of lists and a zip.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import collections

import torch

torch.manual_seed(0)


def fn(x, y):
    d = {"a": x}
    d.update([("b", y), ["c", x + y]])
    d.update((["a", y * 2],), d=x - 1)
    d.update(zip(["e", "f"], [x * 3, y * 3]))
    od = collections.OrderedDict(a=x)
    od.update([("z", y), ("a", x + 5)])
    od.update(zip("qa", [y - 3, x - 3]))
    out = x * 0
    for k, v in d.items():
        out = out + v
    return out, list(od.keys()), od["a"] + od["q"], list(d)


opt = torch.compile(fn, backend="eager")
out, keys, s, dk = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4), keys, round(s.sum().item(), 4), dk)
