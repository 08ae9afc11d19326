"""Autograd attributes of tensors read while tracing: is_leaf, grad, grad_fn, retains_grad, _version, requires_grad.

scope: part1
expect: 3 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)

def show(out):
    if isinstance(out, torch.Tensor):
        return (tuple(out.shape), str(out.dtype).replace("torch.", ""), round(out.double().sum().item(), 3) if out.numel() and not out.is_complex() else None)
    if isinstance(out, (tuple, list)):
        return [show(o) for o in out]
    return out


def f0(x):
    if x.is_leaf:
        return x + 1
    return x


def f1(x):
    if x.grad is None:
        return x + 1
    return x + x.grad


def f2(x):
    y = x * 2
    if y.grad_fn is not None:
        return y + 1
    return y


def f3(x):
    if x.retains_grad:
        return x + 1
    return x + x._version


print('f0', show(torch.compile(f0, backend="eager")(torch.randn(3))))
print('f1', show(torch.compile(f1, backend="eager")(torch.randn(3, requires_grad=True))))
print('f2', show(torch.compile(f2, backend="eager")(torch.randn(3, requires_grad=True))))
print('f3', show(torch.compile(f3, backend="eager")(torch.randn(3))))
