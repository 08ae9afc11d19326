"""torch.cond under capture_scalar_outputs whose branches read an int from (k + 1).item() (an unbacked SymInt free variable lifted into both subgraphs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_scalar_outputs = True


def fn(x, k):
    n = (k + 1).item()
    return torch.cond(x.sum() > 0, lambda t: t * n, lambda t: t + n, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.tensor(3))
print(tuple(out.shape), round(out.double().sum().item(), 4))
