"""A frame whose only effect is a list append: no op reaches the graph, so Dynamo skips
the frame (SkipFrame "No ops traced for the FX graph") and it runs eagerly.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles; the frame is skipped
"""
import torch

torch.manual_seed(0)


def fn(x, log, n):
    log.append(n * 2)
    k = len(log) + n
    return x, k


opt = torch.compile(fn, backend="eager")
log = [1]
out, k = opt(torch.randn(3), log, 4)
print(tuple(out.shape), log, k)
