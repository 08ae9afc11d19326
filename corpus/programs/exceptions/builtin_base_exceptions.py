"""BaseException's direct subclasses that are not Exception (GeneratorExit, KeyboardInterrupt, SystemExit), Exception itself and StopAsyncIteration, caught by BaseException.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x
    for cls in (
        BaseException,
        Exception,
        GeneratorExit,
        KeyboardInterrupt,
        SystemExit,
        StopAsyncIteration,
    ):
        try:
            raise cls("boom")
        except BaseException as e:
            y = y + len(e.args)
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
