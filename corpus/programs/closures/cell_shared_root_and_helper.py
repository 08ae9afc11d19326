"""A cell captured by both the compiled closure and a pre-existing helper that writes it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def main():
    steps = 0

    def advance():
        nonlocal steps
        steps += 1

    def fn(x):
        advance()
        return x + steps

    opt = torch.compile(fn, backend="eager")
    out = opt(torch.zeros(3))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
    print(steps)


main()
