"""capture_dynamic_output_shape_ops: a 1-d boolean mask over the rows of a matrix: the result is [u0, 4].

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x, keep):
    rows = x[keep]
    return rows * 2, rows.sum(0)


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.randn(3, 4), torch.tensor([True, False, True]))
print(tuple(a.shape), tuple(b.shape))
