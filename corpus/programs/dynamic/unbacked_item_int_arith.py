"""capture_scalar_outputs: an int .item() (u0) in SymInt arithmetic (2*u0 + 1, floordiv, PythonMod) used by tensor ops.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x, y):
    n = x.sum().item()
    a = n * 2 + 1
    b = n // 2
    c = n % 3
    return y * a + b - c, y + n * n


opt = torch.compile(fn, backend="eager")
a, b = opt(torch.tensor([1, 2, 3]), torch.randn(3))
print(round(a.sum().item(), 4), round(b.sum().item(), 4))
