"""Attribute stores on a plain user object passed as an argument.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class State:
    def __init__(self):
        self.steps = 0
        self.last = None


def fn(x, st):
    st.steps = st.steps + 1
    st.last = x.cos()
    st.fresh = True
    return x * st.steps


opt = torch.compile(fn, backend="eager")
st = State()
out = opt(torch.randn(4), st)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
print(st.steps, st.fresh, round(st.last.sum().item(), 4))
