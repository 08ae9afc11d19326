"""dynamic=True leaves float arguments unspecialised (specialize_float off): each becomes a
0-d float64 graph input whose item() is a SymFloat (zf<k>), guarded by its type and
`not math.isnan(...)`; used as a tensor op's scalar it is the item node in the graph, and
returned it is rebuilt from its source (the unused input and item() are dropped).

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def scale(x, s):
    return x * s + 1


def scaled_sum(x, y, s):
    return torch.add(x, y, alpha=2) / s, s


def passthrough(x, s):
    return x.sum(), {"f": s}


print(tuple(torch.compile(scale, backend="eager", dynamic=True)(torch.randn(4), 0.5).shape))
a, b = torch.compile(scaled_sum, backend="eager", dynamic=True)(torch.randn(3), torch.randn(3), 2.0)
print(tuple(a.shape), b)
c, d = torch.compile(passthrough, backend="eager", dynamic=True)(torch.randn(5, 2), 0.25)
print(round(c.item(), 4), d)
