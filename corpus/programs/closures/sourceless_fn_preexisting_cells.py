"""A closure reached without a source (staticmethod via an object made during tracing) reads pre-existing cells.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def main():
    scale = 1.5
    shift = 2

    def affine(t):
        return t * scale + shift

    def square(t):
        return t * t

    class Ops:
        first = staticmethod(affine)

        def __init__(self):
            self.second = square

    def fn(x):
        ops = Ops()  # a new object: functions reached through it have no source
        return ops.second(ops.first(x))

    opt = torch.compile(fn, backend="eager")
    out = opt(torch.ones(3))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))


main()
