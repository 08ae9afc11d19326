"""torch.cond whose branches read a free tensor and a closure cell (lifted as subgraph inputs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


BIAS = torch.randn(3)


def fn(x, y):
    k = y * 2

    def on_true(t):
        return t + BIAS + k

    def on_false(t):
        return t * k

    return torch.cond(x.mean() > 0, on_true, on_false, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
