"""A function returns an inner closure that captures a pre-existing tensor cell; the caller calls it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def main():
    base = torch.arange(4.0)

    def get_inner():
        def inner():
            return base * 2

        return inner

    def start(x):
        inner = get_inner()
        return inner() + x

    opt = torch.compile(start, backend="eager")
    out = opt(torch.ones(4))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))


main()
