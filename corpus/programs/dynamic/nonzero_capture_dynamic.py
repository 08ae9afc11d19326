"""capture_dynamic_output_shape_ops: nonzero's output has an unbacked size in the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x):
    idx = torch.nonzero(x > 0)
    return idx.float().sum() + x.sum()


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(10))
print(round(a.item(), 4))
