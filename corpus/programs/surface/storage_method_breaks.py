"""Tensor methods Dynamo refuses by name with a graph break (resize_, resize_as_, sparse_resize_, sparse_resize_and_clear_, set_ with more than one argument, share_memory_, as_subclass of torch.Tensor, apply_ / map_ with a Python callable) and the ones whose fake result is a Python value (is_pinned, is_shared, storage).

scope: part1
expect: 18 graphs, 13 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3))
    return out


def f0(x):
    y = x.clone()
    y.resize_(2, 6)
    return y + 1


def f1(x):
    y = x * 2
    y.resize_as_(torch.zeros(4, 3))
    return y - 1


def f2(x):
    y = x + 1
    y.share_memory_()
    return y * 2


def f3(x):
    y = torch.empty(0)
    y.set_(x, 0, (2, 2), (2, 1))
    return y + 1


def f4(x):
    return x.as_subclass(torch.Tensor) + 1


def f5(x):
    return x * 2 if x.is_pinned() else x - 2


def f6(x):
    return x * 3 if x.is_shared() else x - 3


def f7(x):
    return x * x.storage().size()


def f8(x):
    y = x.clone()
    y.apply_(lambda v: v * 2)
    return y + 1


def f9(x, w):
    y = x.clone()
    y.map_(w, lambda a, b: a + b)
    return y * 2


def f10(x):
    y = x * 2
    y.sparse_resize_((3, 4), 1, 1)
    return y


def f11(x):
    y = x * 2
    y.sparse_resize_and_clear_((3, 4), 1, 1)
    return y


x = torch.randn(3, 4)
print('f0', show(torch.compile(f0, backend="eager")(x)))
print('f1', show(torch.compile(f1, backend="eager")(x)))
print('f2', show(torch.compile(f2, backend="eager")(x)))
print('f3', show(torch.compile(f3, backend="eager")(x)))
print('f4', show(torch.compile(f4, backend="eager")(x)))
print('f5', show(torch.compile(f5, backend="eager")(x)))
print('f6', show(torch.compile(f6, backend="eager")(x)))
print('f7', show(torch.compile(f7, backend="eager")(x)))
print('f8', show(torch.compile(f8, backend="eager")(x)))
print('f9', show(torch.compile(f9, backend="eager")(x, torch.ones(3, 4))))
for f in (f10, f11):
    try:
        torch.compile(f, backend="eager")(x)
    except RuntimeError as e:
        print(f.__name__, "raises", str(e).splitlines()[0][:60])
