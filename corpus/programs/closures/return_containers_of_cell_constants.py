"""Returning new containers that hold closure constants: PyCodegen asks a rebuilt container is_python_constant first, which realises (guards) its items up to the first non-constant one.

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles; (n, s, t) guards n and s; [t, n, s] guards neither (loaded from their cells); ((n, f), (s, t), n) guards n, f, s; {"a": n, "b": t, "c": s} guards n only
"""
import torch


def make(n, s, f):
    def r1(x):
        return (n, s, x + 1)

    def r2(x):
        return [x + 1, n, s]

    def r3(x):
        return ((n, f), (s, x + 1), n)

    def r4(x):
        return {"a": n, "b": x + 1, "c": s}

    return r1, r2, r3, r4


for g in make(3, "hi", 2.5):
    out = torch.compile(g, backend="eager")(torch.ones(2))
    print(type(out).__name__, len(out))
