"""Instances of user subclasses of list, tuple and set as frame inputs.

VariableBuilder wraps them as UserDefinedListVariable / UserDefinedTupleVariable /
UserDefinedSetVariable (their class decides the guards and the methods), not as the plain
containers: the recorder records their class, and the core models them so (their type
guards, item sources and the container part), not as a plain list, tuple or set.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Pair(list):
    def total(self):
        return self[0] + self[1]


class Coords(tuple):
    pass


class Tags(set):
    pass


def from_list(xs):
    return xs.total() * 2


def from_tuple(c):
    return c[0] - c[1]


def from_set(tags, x):
    return x + 1 if "scale" in tags else x - 1


a, b = torch.randn(3), torch.randn(3)
print(torch.compile(from_list, backend="eager")(Pair([a, b])).shape)
print(torch.compile(from_tuple, backend="eager")(Coords((a, b))).shape)
print(torch.compile(from_set, backend="eager")(Tags({"scale"}), a).shape)
