"""capture_scalar_outputs: branching on a comparison of a float .item() is data-dependent: the graph returns the SymBool and breaks.

scope: part2
expect: 2 graphs, 1 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x):
    s = x.sum().item()
    if s > 0:
        return x + 1
    return x - 1


opt = torch.compile(fn, backend="eager")
print(opt(torch.randn(4)).shape)
