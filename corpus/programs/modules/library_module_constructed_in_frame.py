"""torch.nn's own modules constructed while tracing (their __init__ inlined, nn.Module.__init__
reached through super()), after the frame read torch itself: the module global torch of
nn.Module.__init__ is the same module (DUPLICATE_INPUT, later reads through G['torch']).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from torch import nn

torch.manual_seed(0)


def fn(x):
    y = torch.relu(x)
    sm = nn.Softmax(dim=-1)
    return sm(y) + nn.Identity()(y)


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(2, 4))
print(tuple(out.shape), round(out.sum().item(), 4))
