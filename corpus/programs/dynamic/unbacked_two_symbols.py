"""capture_dynamic_output_shape_ops and capture_scalar_outputs: two unbacked symbols in one frame (u0 from nonzero, u1 from item).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x):
    idx = torch.nonzero(x > 0)
    k = x.long().sum().item()
    return idx.sum() + k, torch.zeros(k)


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.tensor([1.0, -1.0, 2.0]))
print(a.item(), tuple(b.shape))
