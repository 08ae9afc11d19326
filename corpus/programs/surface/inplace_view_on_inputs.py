"""In-place view methods called on graph inputs (TensorVariable.var_getattr gives a DelayGraphBreakVariable for aten ops tagged inplace_view read off a sourced tensor): the call graph-breaks ("Unsupported function call (delayed)"), the method runs eagerly, and the rest of the frame resumes.

scope: part2
expect: 5 graphs, 4 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x):
    y = x * 2
    x.unsqueeze_(0)
    return y, x.shape


def f1(x):
    y = x + 1
    x.t_()
    return y * x


def f2(x, w):
    h = x @ w
    w.transpose_(0, 1)
    return h, w.shape


def f3(x):
    x.squeeze_()
    return x.sin()


print('f0', torch.compile(f0, backend="eager")(torch.randn(2, 3))[1])
print('f1', torch.compile(f1, backend="eager")(torch.randn(3, 3)).shape)
print('f2', torch.compile(f2, backend="eager")(torch.randn(2, 3), torch.randn(3, 4))[1])
print('f3', torch.compile(f3, backend="eager")(torch.randn(1, 3)).shape)
