"""Two nested user context managers, exited in reverse order.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Tag:
    def __init__(self, log, name):
        self.log = log
        self.name = name

    def __enter__(self):
        self.log.append(self.name)
        return len(self.log)

    def __exit__(self, exc_type, exc, tb):
        self.log.append(self.name + "/")


def fn(x):
    log = []
    with Tag(log, "a") as i:
        with Tag(log, "b") as j:
            y = x * i + j
    return y * len(log)


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
