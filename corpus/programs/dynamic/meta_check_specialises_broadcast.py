"""A batch dim marked maybe-dynamic meets a tensor of a fixed size in a broadcast: the
meta function's size check compares the symbol with 6, which specialises it (guard,
replacement), and everything after has plain sizes.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
bias = torch.randn(6, 1)


def fn(x):
    y = x.relu()
    z = y + bias
    return z.softmax(-1), z.size(0)


x = torch.randn(6, 3)
torch._dynamo.maybe_mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
out, n = opt(x)
print(tuple(out.shape), n)
