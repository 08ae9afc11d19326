"""User classes whose metaclass is abc.ABCMeta (an abc.ABC base with an abstract method,
a concrete subclass): constructed while tracing, a method and a class variable read
through the instance, a classmethod through the class.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import abc

import torch

torch.manual_seed(0)


class Op(abc.ABC):
    scale = 2

    def __init__(self, k):
        self.k = k

    @abc.abstractmethod
    def apply(self, x):
        ...

    @classmethod
    def twice(cls, x):
        return x * cls.scale


class AddK(Op):
    def apply(self, x):
        return x + self.k * self.scale


def fn(x):
    op = AddK(3)
    return op.apply(x) + AddK.twice(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.rand(4))
print(tuple(out.shape), round(out.sum().item(), 4))
