"""torch.cond branches closing over cells of an enclosing function (a tensor and a float).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make(scale):
    shift = torch.arange(4.0)

    def fn(x):
        def up(t):
            return t * scale + shift

        def down(t):
            return t - shift

        return torch.cond(x[0] > 0, up, down, (x,))

    return fn


opt = torch.compile(make(3.0), backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
