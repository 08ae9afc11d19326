"""capture_dynamic_output_shape_ops: indexing by a boolean mask gives an unbacked leading size; reductions of it are traced.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x):
    picked = x[x > 0]
    return picked.sum() * 2, picked.float().mean()


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.randn(6))
print(round(a.item(), 4))
