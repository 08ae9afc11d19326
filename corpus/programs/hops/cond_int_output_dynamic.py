"""torch.cond with dynamic=True returning a tensor and differing ints: size symbols lifted, an unbacked output.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    t, n = torch.cond(x.sum() > 0, lambda t: (t * 2, 0), lambda t: (t / 2, 7), (x,))
    return t, n


opt = torch.compile(fn, backend="eager", dynamic=True)
t, n = opt(torch.randn(5))
print(tuple(t.shape), round(t.double().sum().item(), 4), int(n))
