"""capture_dynamic_output_shape_ops: masked_select's result has an unbacked size u0 in [0, numel], bound by sym_size and asserted at run time; its size is returned.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x):
    m = torch.masked_select(x, x > 0)
    return m * 2, m.shape[0]


opt = torch.compile(fn, backend="eager")
a, n = opt(torch.randn(6))
print(tuple(a.shape), n)
