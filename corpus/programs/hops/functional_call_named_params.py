"""torch.func.functional_call with a dict built from named_parameters, each parameter scaled.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)

lin = torch.nn.Linear(3, 3)


def fn(x, s):
    params = {k: v * s for k, v in lin.named_parameters()}
    return torch.func.functional_call(lin, params, (x,))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 3), torch.randn(()))
print(tuple(out.shape))
