"""Dataclasses: a frozen config instance read during tracing, and a result dataclass
built positionally while tracing and returned (its generated __init__ is traced).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import dataclasses

import torch

torch.manual_seed(0)


@dataclasses.dataclass(frozen=True)
class Cfg:
    scale: float = 2.0
    shift: int = 1


@dataclasses.dataclass
class Out:
    value: torch.Tensor
    aux: torch.Tensor


CFG = Cfg()


def fn(x):
    y = x * CFG.scale + CFG.shift
    return Out(y, y.sum())


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.value.shape), round(out.aux.item(), 4))
