"""conv1d then conv_transpose1d over a batch that changes between calls (automatic
dynamic): both evaluate the batch below 16.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

enc = nn.Conv1d(4, 6, 3, padding=1)
dec = nn.ConvTranspose1d(6, 4, 3, padding=1)


def fn(x):
    return dec(torch.tanh(enc(x))) + x


opt = torch.compile(fn, backend="eager")
a = opt(torch.randn(2, 4, 10))
b = opt(torch.randn(5, 4, 10))
print(tuple(a.shape), tuple(b.shape), round(b.sum().item(), 3))
