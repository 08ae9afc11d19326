"""sorted() and list.sort of tuples of constants, with and without a key, reversed.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = [("john", "A", 8), ("jane", "B", 5), ("dave", "B", 10), ("anna", "A", 5)]
    by_all = sorted(y)
    by_score = sorted(y, key=lambda r: r[2])
    by_grade = sorted(y, key=lambda r: (r[1], -r[2]), reverse=True)
    pairs = [(2, "b"), (1, "z"), (2, "a")]
    pairs.sort(reverse=True)
    return x * by_score[0][2] + by_all[0][2], by_grade, pairs


opt = torch.compile(fn, backend="eager")
out, g, p = opt(torch.randn(3))
print(tuple(out.shape), round(out.sum().item(), 4), g, p)
