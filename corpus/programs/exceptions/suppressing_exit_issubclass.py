"""A user context manager whose __exit__ suppresses KeyError by issubclass(exc_type, KeyError),
and issubclass on builtin and user exception classes folded while tracing.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class AppError(ValueError):
    pass


class Suppress:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return exc_type is not None and issubclass(exc_type, KeyError)


def fn(x, table):
    y = x + 1
    with Suppress():
        y = y * table["missing"]
    flags = int(issubclass(AppError, ValueError)) + int(issubclass(KeyError, (LookupError, AppError)))
    return y + flags + int(issubclass(AppError, KeyError))


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), {"present": 2})
print(tuple(out.shape), round(out.sum().item(), 4))
