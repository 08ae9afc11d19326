"""dynamic=True: a tuple index whose first slice stops at the tensor's own size and whose
second is static (one slice_forward per dim: `s0 <= s0` folds, no guard).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, z):
    head = x[: z.shape[0], -1:]
    return head * x[:, :1], z[: x.shape[0]].sum()


opt = torch.compile(fn, backend="eager", dynamic=True)
a, b = opt(torch.randn(6, 4), torch.randn(9))
print(tuple(a.shape), round(a.sum().item() + b.item(), 4))
