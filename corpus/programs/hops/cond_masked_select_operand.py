"""torch.cond on a masked_select result (an unbacked length) under capture_dynamic_output_shape_ops.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_dynamic_output_shape_ops = True


def fn(x):
    pos = torch.masked_select(x, x > 0)
    return torch.cond(pos.numel() > 2, lambda p: p.sum(), lambda p: p.prod(), (pos,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.tensor([0.5, -1.0, 2.0, 1.5, -0.5]))
print(tuple(out.shape), round(out.double().sum().item(), 4))
