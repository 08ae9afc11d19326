"""capture_scalar_outputs: branching on an int .item() compared the reflected way (3 < n) graph-breaks on the SymBool.

scope: part2
expect: 2 graphs, 1 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x, y):
    n = x.sum().item()
    y = y * 2
    if 3 < n:
        return y + n
    return y - 1


opt = torch.compile(fn, backend="eager")
print(opt(torch.tensor([1, 2, 3]), torch.randn(3)).shape)
