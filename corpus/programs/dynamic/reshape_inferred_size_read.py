"""mark_dynamic on the batch dim: the size reshape(-1, 4) infers (8*s77 // 4 = 2*s77) read back into
Python: a SymInt that the graph computes from the symbol input (operator.mul), used as a
size and in arithmetic; flatten's merged size (4*s77) likewise.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x.reshape(-1, 4)
    n = y.shape[0]
    z = x.flatten()
    return torch.zeros(n, 2) + 1, y * n, z.size(0) + 1


opt = torch.compile(fn, backend="eager")
x = torch.randn(6, 8)
torch._dynamo.mark_dynamic(x, 0)
a, b, c = opt(x)
print(tuple(a.shape), tuple(b.shape), c, round(b.sum().item(), 4))
