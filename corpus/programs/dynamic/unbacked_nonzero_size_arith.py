"""capture_dynamic_output_shape_ops: nonzero's count read as idx.shape[0] and used in SymInt arithmetic; the read reuses the binding node.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x):
    idx = torch.nonzero(x)
    return idx.shape[0] + 1, idx * 2


opt = torch.compile(fn, backend="eager")
n, i = opt(torch.tensor([0, 1, 2, 0]))
print(n, tuple(i.shape))
