"""Three levels of nested functions created during tracing, each capturing the one above.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    a = x + 1

    def level1(t):
        b = t * 2

        def level2(u):
            def level3(v):
                return v + a + b

            return level3(u * 3)

        return level2(t)

    return level1(x)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
