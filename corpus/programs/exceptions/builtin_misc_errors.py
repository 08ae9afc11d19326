"""The remaining Exception subclasses (import, name, runtime, syntax, lookup, memory, buffer families) raised and caught by Exception.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x):
    y = x
    for cls in (
        BufferError,
        EOFError,
        ImportError,
        ModuleNotFoundError,
        LookupError,
        MemoryError,
        NameError,
        UnboundLocalError,
        NotImplementedError,
        RecursionError,
        ReferenceError,
        SyntaxError,
        IndentationError,
        TabError,
        SystemError,
        UnicodeError,
    ):
        try:
            raise cls("boom")
        except Exception as e:
            y = y + len(e.args)
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
