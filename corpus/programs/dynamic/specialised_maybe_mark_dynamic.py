"""maybe_mark_dynamic on the sequence dim, then code that compares it with a constant:
unlike mark_dynamic this may specialise, so the symbol becomes 16 and the later ops
(softmax over the sequence, a view using it) have plain sizes.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    n = x.size(1)
    if n == 16:
        s = torch.softmax(x, dim=-1)
        return s.view(x.size(0), 4, 4).sum(-1)
    return x


x = torch.randn(3, 16)
torch._dynamo.maybe_mark_dynamic(x, 1)
opt = torch.compile(fn, backend="eager")
print(tuple(opt(x).shape))
