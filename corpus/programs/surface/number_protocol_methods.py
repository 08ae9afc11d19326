"""A tensor through Python's number and sequence protocols: int(t) / float(t) and t.__int__() / t.__float__() (item first, a graph break), iteration over a tensor's rows (unpack_var_sequence: one getitem node per row), t.__iter__(), unpacking into names, dir(t) (a break), to_dense() of a strided tensor and `a @= b` (operator.imatmul).

scope: part1
expect: 14 graphs, 5 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3))
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    return x * int(x.sum())


def f1(x):
    return x * x.sum().__int__()


def f2(x):
    return x * float(x.max())


def f3(x):
    return x - x.mean().__float__()


def f4(x):
    return [r * 2 for r in x]


def f5(x):
    it = x.__iter__()
    return next(it) + next(it)


def f6(x):
    a, b, c = x
    return a * b - c


def f7(x):
    return x * len(dir(x))


def f8(x):
    return x.to_dense() + 1


def f9(x, w):
    y = x.clone()
    y @= w
    return y


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3, 4))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, 4))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, 4))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3, 4))))
print('f4', show(torch.compile(f4, backend="eager")(torch.randn(3, 4))))
print('f5', show(torch.compile(f5, backend="eager")(torch.randn(3, 4))))
print('f6', show(torch.compile(f6, backend="eager")(torch.randn(3, 4))))
print('f7', show(torch.compile(f7, backend="eager")(torch.randn(3, 4))))
print('f8', show(torch.compile(f8, backend="eager")(torch.randn(3, 4))))
print('f9', show(torch.compile(f9, backend="eager")(torch.randn(3, 4), torch.randn(4, 4))))
