"""Type promotion: int64 tensor plus float32 tensor, int32 plus int64.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(i64, f32, i32):
    return i64 + f32, i32 + i64, i32 * 2, i32 * 2.0


opt = torch.compile(fn, backend="eager")
i64 = torch.arange(6)
f32 = torch.randn(6)
i32 = torch.arange(6, dtype=torch.int32)
for out in opt(i64, f32, i32):
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
