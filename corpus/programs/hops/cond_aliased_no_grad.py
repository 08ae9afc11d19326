"""torch.cond returning its input under torch.no_grad (aliasing allowed there): core unsupported.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; the core does not model an aliased subgraph output
"""
import torch

torch.manual_seed(0)


def fn(x):
    with torch.no_grad():
        return torch.cond(x.sum() > 0, lambda t: t, lambda t: t * 2, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
