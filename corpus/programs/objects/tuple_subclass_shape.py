"""A tuple subclass with a helper method (a Shape type as shape utilities define them), passed into compiled code: Dynamo wraps it as UserDefinedTupleVariable (TYPE_MATCH, the tuple's length and items), runs the class's own method and the tuple's len / indexing / iteration on the tuple part.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Shape(tuple):
    def numel(self):
        n = 1
        for s in self:
            n *= s
        return n


def scale_by_numel(x, shape):
    return x * shape.numel() + len(shape)


def first_and_last(x, shape):
    return x * shape[0] - shape[-1]


out = torch.compile(scale_by_numel, backend="eager")(torch.randn(4), Shape((2, 3)))
print("scale_by_numel", round(out.sum().item(), 4))
out = torch.compile(first_and_last, backend="eager")(torch.randn(4), Shape((5, 7, 2)))
print("first_and_last", round(out.sum().item(), 4))
