"""capture_scalar_outputs: the SymInt and SymFloat of .item() are graph outputs.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x, y):
    n = x.sum().item()
    s = y.mean().item()
    return y * s, n + 1, s


opt = torch.compile(fn, backend="eager")
a, n, s = opt(torch.tensor([1, 2]), torch.randn(3))
print(tuple(a.shape), n, round(s, 4))
