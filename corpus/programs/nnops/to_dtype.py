""".to(dtype), .float(), .long() and .half() conversions.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    return x.to(torch.float64), x.long(), x.to(dtype=torch.int32), x.half().float(), (x > 0).to(torch.float32)


opt = torch.compile(fn, backend="eager")
for out in opt(torch.randn(5) * 10):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
