"""Serving idiom: CPU torch.autocast with bfloat16, as a context manager inside a compiled
function and as a decorator on a compiled function.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 8)).eval()
x = torch.randn(4, 16)


@torch.compile(backend="eager")
def serve_ctx(x):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = model(x)
    return y.float().softmax(-1)


@torch.compile(backend="eager")
@torch.autocast(device_type="cpu", dtype=torch.bfloat16)
def serve_deco(x):
    return model(x) @ model[2].weight


with torch.no_grad():
    a = serve_ctx(x)
    b = serve_deco(x)
print(a.dtype, tuple(a.shape), round(a.double().sum().item(), 3))
print(b.dtype, tuple(b.shape), round(b.double().abs().sum().item(), 1))
