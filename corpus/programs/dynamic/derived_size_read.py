"""dynamic=True: the size of a slice (s77 - 1) read back into Python and used as a number
and as a size (insert_deferred_runtime_asserts computes it from the symbol input:
torch.sym_sum([-1, s77])); the multiply's infer_size guards `s77 - 1 != 1`.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x[1:]
    n = y.shape[0]
    return y * n, torch.ones(n * 2)


opt = torch.compile(fn, backend="eager", dynamic=True)
a, b = opt(torch.randn(8, 3))
print(tuple(a.shape), tuple(b.shape), round(a.sum().item(), 4))
