"""Tensor attributes Dynamo puts in the graph as getattr nodes (T, mT, H, mH, real), .data
as _get_data_attr, and the layout flags is_sparse / is_quantized / is_nested as constants.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(m, b):
    out = m.T @ m + m.H.sum()
    batched = b.mT.real + b.mH
    if not m.is_sparse and not m.is_quantized and not b.is_nested:
        out = out + 1
    return out, batched, m.data * 2


opt = torch.compile(fn, backend="eager")
out, batched, data = opt(torch.randn(3, 4), torch.randn(2, 3, 5))
print(tuple(out.shape), tuple(batched.shape), tuple(data.shape),
      round(out.sum().item(), 3), round(batched.sum().item(), 3))
