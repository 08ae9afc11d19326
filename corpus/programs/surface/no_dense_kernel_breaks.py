"""Tensor methods with no CPU kernel for a dense tensor (the quantized queries int_repr, q_scale, q_zero_point, q_per_channel_*, qscheme; the nested to_padded_tensor) and to_mkldnn: the fake run raises NotImplementedError, which Dynamo turns into a graph break; eager then raises (or, for to_mkldnn, converts).

scope: part2
expect: 9 graphs, 9 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x):
    return (x + 1).int_repr()


def f1(x):
    y = x * 2
    return y.q_scale()


def f2(x):
    return (x - 1).q_zero_point()


def f3(x):
    return x.abs().q_per_channel_scales()


def f4(x):
    return x.relu().q_per_channel_zero_points()


def f5(x):
    return (x * 3).q_per_channel_axis()


def f6(x):
    return x.neg().qscheme()


def f7(x):
    return (x + 2).to_padded_tensor(0.0)


def f8(x):
    y = x.sigmoid()
    return y.to_mkldnn()


x = torch.randn(4, 3)
for f in (f0, f1, f2, f3, f4, f5, f6, f7):
    try:
        print(f.__name__, torch.compile(f, backend="eager")(x))
    except NotImplementedError as e:
        print(f.__name__, "raises NotImplementedError", str(e).splitlines()[0][:40])
out = torch.compile(f8, backend="eager")(x)
print('f8', out.layout, round(out.to_dense().sum().item(), 3))
