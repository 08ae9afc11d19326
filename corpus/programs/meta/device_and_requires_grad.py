"""Reading x.device, x.requires_grad and x.is_contiguous() during tracing.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = torch.zeros(3, device=x.device)
    if x.requires_grad:
        y = y + 1
    if x.is_contiguous():
        y = y + 2
    return x + y, str(x.device)


opt = torch.compile(fn, backend="eager")
out, dev = opt(torch.randn(2, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(dev)
