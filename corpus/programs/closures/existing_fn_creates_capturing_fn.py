"""A pre-existing function creates a nested function capturing a cell also captured by the compiled frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def main():
    k = torch.tensor([2.0, 3.0])

    def make_scaler():
        def scaler(t):
            return t * k

        return scaler

    def root(x):
        s = make_scaler()
        return s(x) + k, s

    opt = torch.compile(root, backend="eager")
    out, s = opt(torch.ones(2))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
    res = s(torch.ones(2))
    print(tuple(res.shape), res.dtype, round(res.double().sum().item(), 4))


main()
