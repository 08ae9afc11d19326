"""New list, dict and set created during tracing are returned.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    lst = [x, x + 1]
    d = {"a": x * 2}
    s = {1, 2, 3}
    lst.append(x + 2)
    d["b"] = lst[1]
    s.add(4)
    return lst, d, s


opt = torch.compile(fn, backend="eager")
lst, d, s = opt(torch.randn(3))
print(len(lst), sorted(d), sorted(s))
out = d["b"]
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
