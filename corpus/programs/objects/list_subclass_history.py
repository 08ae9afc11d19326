"""A list subclass holding tensors with helper methods (a loss history as training loops keep one), passed into compiled code: Dynamo wraps it as UserDefinedListVariable (TYPE_MATCH, the list's length, items from list.__getitem__), runs the class's own methods and the list's indexing / iteration / len on the list part; appending to it is a mutation of a pre-existing object.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class History(list):
    def last(self):
        return self[-1]

    def mean(self):
        total = 0
        for v in self:
            total = total + v
        return total / len(self)


def smoothed(x, hist):
    return 0.5 * x + 0.5 * hist.mean()


def delta(x, hist):
    return x - hist.last()


def record(x, hist):
    hist.append(x * 2)
    return x + len(hist)


hist = History([torch.randn(3) for _ in range(3)])
print("smoothed", round(torch.compile(smoothed, backend="eager")(torch.randn(3), hist).sum().item(), 4))
print("delta", round(torch.compile(delta, backend="eager")(torch.randn(3), hist).sum().item(), 4))
out = torch.compile(record, backend="eager")(torch.randn(3), hist)
print("record", round(out.sum().item(), 4), len(hist))
