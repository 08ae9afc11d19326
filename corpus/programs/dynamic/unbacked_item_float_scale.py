"""capture_scalar_outputs: a float .item() (SymFloat zuf0) divides a tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x):
    scale = x.abs().max().item()
    return x / scale, x - scale


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.randn(5))
print(tuple(a.shape), round(b.sum().item(), 4))
