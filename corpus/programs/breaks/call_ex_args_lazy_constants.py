"""A graph break at CALL_FUNCTION_EX whose args tuple holds closure constants before a tensor: rebuilding the tuple after the graph realises them (is_python_constant), CONSTANT_MATCH on the int and the str.

scope: part2
expect: 1 graph, 5 breaks, 0 recompiles; the four callers break at CALL_FUNCTION_EX (f(n, s, *args, **kwargs), f(n, s, *args), f(*(n, s, x)), f(*t)), each guarding n and s with CONSTANT_MATCH; helper breaks once (its resume function is the one graph)
"""
import torch


def helper(n, s, x, **kw):
    torch._dynamo.graph_break()
    return x + n


def make(n, s):
    def b(*args, **kwargs):
        return helper(n, s, *args, **kwargs)

    def c(*args):
        return helper(n, s, *args)

    def d(*args):
        return helper(*(n, s, args[0]))

    def e(x):
        t = [n, s, x]
        return helper(*t)

    return b, c, d, e


for g in make(3, "hi"):
    print(torch.compile(g, backend="eager")(torch.ones(2)).tolist())
