"""A set subclass of ids with a helper method (the frozen-layer sets fine-tuning code keeps), passed into compiled code: Dynamo wraps it as UserDefinedSetVariable (TYPE_MATCH, the set's length, its items through list(S)[i]), runs the class's own method and the set's `in` / len / iteration on the set part.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class LayerIds(set):
    def covers(self, i):
        return i in self


def gate(x, frozen):
    if frozen.covers(2):
        return x.detach() * len(frozen)
    return x * 2


def total(x, frozen):
    s = 0
    for i in frozen:
        s = s + i
    return x + s


def not_member(x, frozen):
    return x - 1 if 7 not in frozen else x + 1


ids = LayerIds({1, 2, 5})
print("gate", round(torch.compile(gate, backend="eager")(torch.randn(3), ids).sum().item(), 4))
print("total", round(torch.compile(total, backend="eager")(torch.randn(3), ids).sum().item(), 4))
print("not_member", round(torch.compile(not_member, backend="eager")(torch.randn(3), ids).sum().item(), 4))
