"""Adding to and discarding from a set argument of strings.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, seen):
    seen.add("forward")
    seen.discard("stale")
    if "warm" in seen:
        x = x + 1
    return x


opt = torch.compile(fn, backend="eager")
seen = {"stale", "warm"}
out = opt(torch.randn(3), seen)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(sorted(seen))
