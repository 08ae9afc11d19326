"""A user exception class with its own __init__ calling super().__init__.

scope: part2
expect: 0 graphs, 1 break, 0 recompiles; super().__init__ on an exception class is a graph break, inside the try block, so Dynamo skips the frame
"""
import torch

torch.manual_seed(0)


class CodeError(Exception):
    def __init__(self, code):
        super().__init__("code", code)
        self.code = code


def fn(x):
    y = x + 1
    try:
        raise CodeError(4)
    except CodeError as e:
        y = y * e.code
    return y


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4, 3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
