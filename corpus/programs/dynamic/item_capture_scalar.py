"""capture_scalar_outputs: .item() becomes an unbacked SymInt-free float node in the graph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch._dynamo.config.capture_scalar_outputs = True
torch.manual_seed(0)


def fn(x):
    s = x.sum().item()
    return x * s


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(4))
print(tuple(a.shape), round(a.sum().item(), 4))
