"""Python-level Tensor methods in the graph as call_method nodes: the deprecated out-of-place resize / resize_as (autograd's Resize: a view of a contiguous tensor, a copy of another), dequantize of a float tensor (self) and module_load (self.copy_(other).detach(), or other.detach() with assign=True).

scope: part2
expect: 5 graphs, 0 breaks, 1 recompiles
"""
import warnings

import torch

warnings.filterwarnings("ignore", "non-inplace resize")
torch.manual_seed(0)


def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), tuple(out.stride()), str(out.dtype).replace("torch.", ""), out.requires_grad, round(out.double().sum().item(), 3))
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    a = x.resize(2, 6)
    b = x.t().resize(3, 4)
    return a * 2, b + 1


def f1(x, y):
    return x.resize_as(y) - y, (x * 2).resize_as(y.t())


def f2(x):
    y = x.dequantize()
    return y + 1, (x * 2).dequantize()


def f3(x, w):
    p = w.clone()
    q = p.module_load(x)
    r = p.module_load(x * 3, assign=True)
    return q + 1, r, p


x = torch.randn(4, 3)
print('f0', show(torch.compile(f0, backend="eager")(x)))
print('f0g', show(torch.compile(f0, backend="eager")(torch.randn(4, 3, requires_grad=True))))
print('f1', show(torch.compile(f1, backend="eager")(x, torch.ones(2, 6))))
print('f2', show(torch.compile(f2, backend="eager")(x)))
print('f3', show(torch.compile(f3, backend="eager")(x, torch.zeros(4, 3))))
