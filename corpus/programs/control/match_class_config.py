"""Dispatch on a layer config with class patterns (match/case over dataclass instances, whose __match_args__ the dataclass decorator makes): MATCH_CLASS with positional and keyword sub-patterns and a failed isinstance, through the inlined impl_MATCH_CLASS; a config of another class recompiles (its type guard).

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile
"""
import dataclasses

import torch

torch.manual_seed(0)


@dataclasses.dataclass
class Scale:
    factor: float
    bias: float = 0.0


@dataclasses.dataclass
class Clip:
    lo: float
    hi: float


def apply(x, spec):
    match spec:
        case Clip(lo, hi):
            return x.clamp(lo, hi)
        case Scale(factor, bias=0.0):
            return x * factor
        case Scale(factor, bias=b):
            return x * factor + b
    return x


fn = torch.compile(apply, backend="eager")
for spec in (Scale(2.0), Clip(-0.5, 0.5)):
    out = fn(torch.randn(4), spec)
    print(type(spec).__name__, round(out.sum().item(), 4))
