"""dynamic=True makes the int argument a SymInt graph input; range(n) later specialises it
to 2 (guard_int), yet the graph still uses the input read before that (4 * n): Dynamo keeps
the SymInt input, valued 2.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(y, n):
    t1 = y + y.shape[0] * n
    acc = y
    for j in range(n):
        acc = acc * 0.5 + j
    return t1, acc


opt = torch.compile(fn, backend="eager", dynamic=True)
a, b = opt(torch.randn(4), 2)
print(tuple(a.shape), tuple(b.shape))
