"""Closures reached only through a container built during tracing capture pre-existing cells.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def main():
    a = torch.tensor(1.5)
    b = 2

    def f1(t):
        return t * a

    def f2(t):
        return t + b

    def pick():
        return [f1, f2]

    def fn(x):
        out = x
        for f in pick():
            out = f(out)
        return out

    opt = torch.compile(fn, backend="eager")
    out = opt(torch.ones(3))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))


main()
