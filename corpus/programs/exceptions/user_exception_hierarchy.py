"""A user exception subclass caught by its user base class.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class AppError(RuntimeError):
    pass


class ConfigError(AppError):
    pass


def fn(x):
    y = x + 1
    try:
        raise ConfigError("missing")
    except ValueError:
        y = y * 0
    except AppError:
        y = y * 5
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
