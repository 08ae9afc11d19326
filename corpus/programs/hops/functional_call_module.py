"""torch.func.functional_call of a Linear with substituted parameters (FunctionalCallVariable).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(3, 2)


def fn(x, w, b):
    return torch.func.functional_call(lin, {"weight": w, "bias": b}, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3), torch.randn(2, 3), torch.randn(2))
print(tuple(out.shape))
