"""torch.no_grad() / torch.enable_grad() objects used as decorators inside traced code (ContextWrappingVariable.call_function): WrappedUserFunctionVariable for a module-level function, WrappedNestedUserFunctionVariable for one defined in the frame, WrappedUserMethodVariable for a bound method; each call enters the mode (a _set_grad_enabled node), runs the function, and restores it.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def scale(y):
    return y * 2


class Head:
    def __init__(self, k):
        self.k = k

    def apply(self, y):
        return y.tanh() * self.k


head = Head(3.0)


def f0(x):
    frozen = torch.no_grad()(scale)
    return frozen(x) + x


def f1(x):
    @torch.no_grad()
    def inner(y):
        return y.sin() + 1

    return inner(x) * x


def f2(x):
    with torch.no_grad():
        y = x * 4
        z = torch.enable_grad()(head.apply)(x)
    return y + z


def show(out):
    return (tuple(out.shape), out.requires_grad)


x = torch.randn(3, requires_grad=True)
print('f0', show(torch.compile(f0, backend="eager")(x)))
print('f1', show(torch.compile(f1, backend="eager")(x)))
print('f2', show(torch.compile(f2, backend="eager")(x)))
