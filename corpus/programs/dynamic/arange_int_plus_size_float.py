"""arange(n + x.shape[0]).float() after a slice by len(x) (dynamic,hops fuzz case 10430624552629419819): Dynamo's _to_copy guards `n + s >= 2` and `(n + s) != 0`. The core once computed n + s with stand-ins equal to 2*s of the cat, lost the expression and missed both guards; now it knows the expression and refuses the float of it by name (its contiguity guards are not modelled).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompiles
"""
import torch


def f(x, z, n):
    b = len(x)
    t = torch.cat([z, z])[:b]
    return torch.arange(n + x.shape[0]).float().sum() / (n + 1), t


g = torch.compile(f, backend="eager")
for b, n in ((3, 1), (5, 2), (7, 3)):
    print(g(torch.randn(b, 4), torch.randn(b, 1), n)[0])
