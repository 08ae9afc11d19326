"""torch.cond in an unrolled loop: each iteration installs its own cond_true_N / cond_false_N.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    for i in range(3):
        x = torch.cond(x.sum() > i, lambda t: t + 1, lambda t: t - 1, (x,))
    return x


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
