"""torch.inference_mode as a context manager (InferenceModeVariable): _enter_inference_mode / _exit_inference_mode nodes around the block; tracing keeps inference mode off and turns grad mode off inside (config.fake_tensor_disable_inference_mode), so results made there need no grad; inference_mode(False) changes nothing.

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x):
    with torch.inference_mode():
        y = x * 2 + 1
    return y.sum()


def f1(x, w):
    h = x @ w
    with torch.inference_mode():
        z = (x @ w).relu()
    return h + 1, z


def f2(x, w):
    with torch.inference_mode(False):
        y = x @ w
    return y * 3


def f3(x):
    with torch.inference_mode(True):
        a = x.sin()
        with torch.inference_mode():
            b = a.cos()
    return a + b


def show(out):
    if isinstance(out, tuple):
        return [show(o) for o in out]
    return (tuple(out.shape), out.requires_grad, out.is_inference())


x = torch.randn(3, 3)
w = torch.randn(3, 3, requires_grad=True)
print('f0', show(torch.compile(f0, backend="eager")(x)))
print('f1', show(torch.compile(f1, backend="eager")(x, w)))
print('f2', show(torch.compile(f2, backend="eager")(x, w)))
print('f3', show(torch.compile(f3, backend="eager")(x)))
