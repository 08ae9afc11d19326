"""A closure captures an nn.Linear instance and calls it inside the compiled frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make_head():
    lin = torch.nn.Linear(4, 2)

    def head(t):
        return lin(t).relu()

    return head


HEAD = make_head()


def fn(x):
    return HEAD(x) * 2


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
