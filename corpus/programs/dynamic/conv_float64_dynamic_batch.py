"""A float64 conv with a dynamic batch: MKLDNN is for float32 only, so the backend
selection reads no size and makes no guard.

scope: part2
expect: 1 graphs, 0 breaks, 0 recompiles
"""
import torch
import torch.nn.functional as F

torch.manual_seed(0)

w = torch.randn(5, 3, 3, 3, dtype=torch.float64)


def fn(x):
    return F.conv2d(x, w, padding=1).mean(dim=(2, 3))


x = torch.randn(4, 3, 6, 6, dtype=torch.float64)
torch._dynamo.mark_dynamic(x, 0)
opt = torch.compile(fn, backend="eager")
print(tuple(opt(x).shape), round(opt(x).sum().item(), 3))
