"""inspect.signature of a bound method of an nn.Module (the first parameter dropped by
_signature_bound_method and Signature.replace, which re-validates the parameters).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import inspect

import torch
import torch.nn as nn

torch.manual_seed(0)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, hidden):
        return self.lin(hidden)


block = Block()


def fn(x):
    n = len(inspect.signature(block.forward).parameters)
    return block(x) + n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(2, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
