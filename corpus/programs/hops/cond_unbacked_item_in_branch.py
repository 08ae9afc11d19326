"""torch.cond under capture_scalar_outputs whose branch calls .item(): an unbacked symbol made inside a subgraph.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)
torch._dynamo.config.capture_scalar_outputs = True


def fn(x):
    def t_fn(t):
        s = t.sum().item()
        return t * s

    return torch.cond(x.sum() > 0, t_fn, lambda t: t + 1, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
