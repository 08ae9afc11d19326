"""Parameter-name bookkeeping: set methods whose argument is the keys() view of a dict holding tensors (no Python constant, so Dynamo inlines polyfills.set_union / set_intersection, with the guards of their global reads).

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def seen_names(x, w):
    params = {"weight": w, "bias": x}
    seen = {"weight", "scale"}.union(params.keys())
    return x * len(seen)


def shared_names(x, w):
    params = {"weight": w, "bias": x}
    shared = {"weight", "scale"}.intersection(params.keys())
    return x + w * len(shared)


for fn in (seen_names, shared_names):
    out = torch.compile(fn, backend="eager")(torch.randn(3), torch.randn(3))
    print(fn.__name__, tuple(out.shape), round(out.sum().item(), 4))
