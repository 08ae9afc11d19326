"""Generator functions, generator expressions and `yield from`, inlined lazily: each next()
resumes the generator, so graph inputs are realised in the order Python touches them.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def pairs(xs):
    for i, x in enumerate(xs):
        yield i, x * 2


def flatten(groups):
    for g in groups:
        yield from g
    yield -1


def fn(a, b, c):
    total = sum(t.sum() for t in [a, b])
    scaled = [x + i for i, x in pairs([b, c])]
    flat = list(flatten([[1, 2], [3]]))
    if all(t.dim() == 1 for t in (a, b, c)) and not any(n > 5 for n in flat):
        total = total + sum(flat)
    return total * scaled[0] + scaled[1]


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(4), torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
