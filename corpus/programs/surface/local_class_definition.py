"""A helper class defined inside the compiled function (a class statement: LOAD_BUILD_CLASS, then a call of builtins.__build_class__): Dynamo breaks the graph at the class statement (config.enable_trace_load_build_class is off) and the resumed frame uses the class.

scope: part2
expect: 1 graph, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def normalise(x):
    class Stats:
        eps = 1e-5

        def __init__(self, t):
            self.mean = t.mean()
            self.std = t.std()

    s = Stats(x)
    return (x - s.mean) / (s.std + Stats.eps)


out = torch.compile(normalise, backend="eager")(torch.randn(4, 3))
print(tuple(out.shape), round(out.sum().item(), 4))
