"""capture_dynamic_output_shape_ops: nonzero of a matrix is [u0, 2] with strides (1, u0); a conversion keeps them.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_dynamic_output_shape_ops = True
torch.manual_seed(0)


def fn(x):
    idx = x.nonzero()
    return idx.float(), idx.sum(0)


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.tensor([[0, 1], [2, 0], [3, 4]]))
print(tuple(a.shape), b.tolist())
