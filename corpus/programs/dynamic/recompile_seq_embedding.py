"""Token ids of a new sequence length: automatic dynamic on the sequence dim, with
position ids from torch.arange over the symbolic length (a transformers pattern).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

tok = nn.Embedding(50, 8)
pos = nn.Embedding(64, 8)


def fn(ids):
    seq = ids.shape[1]
    positions = torch.arange(seq).unsqueeze(0)
    return tok(ids) + pos(positions)


opt = torch.compile(fn, backend="eager")
a = opt(torch.randint(0, 50, (2, 5)))
b = opt(torch.randint(0, 50, (2, 9)))
c = opt(torch.randint(0, 50, (2, 11)))
print(tuple(a.shape), tuple(b.shape), tuple(c.shape), round(c.sum().item(), 4))
