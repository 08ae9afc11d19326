"""typing.cast in a wrapper, as Optimizer.profile_hook_step's wrapper does: Dynamo's
PolyfilledFunctionVariable (ID_MATCH on the function; the class argument is realised
by the constant-fold check, CLASS_MATCH) returning its value argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
from typing import cast

import torch


class Holder:
    def __init__(self):
        self.scale = 3.0


def wrapper(*args):
    self, *_ = args
    self = cast(Holder, self)
    x = cast("torch.Tensor", args[1])
    return x * self.scale


h = Holder()
print(torch.compile(wrapper, backend="eager")(h, torch.ones(2)).tolist())
