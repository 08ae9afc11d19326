"""A full amax of a masked_select result (an unbacked length) after a sum: one positivity check.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_dynamic_output_shape_ops = True


def fn(x):
    pos = torch.masked_select(x, x > 0)
    return pos.sum() / pos.amax()


opt = torch.compile(fn, backend="eager")
print(round(opt(torch.tensor([0.5, -1.0, 2.0, 1.5])).item(), 4))
