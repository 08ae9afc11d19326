"""The compiled closure reads a captured int that the enclosing function changes between calls.

scope: part2
expect: 2 graphs, 0 breaks, 1 recompile; the cell's contents are guarded
"""
import torch

torch.manual_seed(0)


def main():
    k = 2

    def fn(x):
        return x * k

    opt = torch.compile(fn, backend="eager")
    a = opt(torch.ones(3))
    k = 3
    b = opt(torch.ones(3))
    print(tuple(a.shape), a.dtype, round(a.double().sum().item(), 4))
    print(tuple(b.shape), b.dtype, round(b.double().sum().item(), 4))


main()
