"""CPU torch.autocast with bfloat16 inside a compiled function: as a context manager
(AutocastModeVariable: _enter_autocast / _exit_autocast nodes, linear and matmul cast to
bfloat16 in fake tensors, elementwise ops unchanged) and as a decorator.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

w = torch.randn(8, 6)
b = torch.randn(8)


@torch.compile(backend="eager")
def ctx(x):
    y0 = x * 2
    with torch.autocast("cpu", dtype=torch.bfloat16):
        y = torch.nn.functional.linear(y0, w, b)
        z = torch.relu(y) @ w.t().t()
        s = z + 1
    return s.float().sum(-1), y.dtype, s.dtype


@torch.compile(backend="eager")
@torch.autocast(device_type="cpu", dtype=torch.bfloat16)
def deco(x):
    return (x @ w).tanh() * 2


x = torch.randn(4, 6)
r, d1, d2 = ctx(x)
print(tuple(r.shape), r.dtype, d1, d2)
print(deco(torch.randn(3, 8)).dtype)
