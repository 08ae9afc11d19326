"""A nonlocal write to a cell named like a different cell of the compiled frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def main():
    x = 1.0
    y = x

    def make_get_set():
        x = y  # a different cell from main's x

        def set_x(v):
            nonlocal x
            x = v

        def get_x():
            return x

        return get_x, set_x

    get_x, set_x = make_get_set()

    def fn(t):
        set_x(10.0)  # writes make_get_set's x
        return t + x  # reads main's x

    opt = torch.compile(fn, backend="eager")
    out = opt(torch.ones(3))
    print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
    print(get_x(), x)


main()
