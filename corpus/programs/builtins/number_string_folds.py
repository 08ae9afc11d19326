"""Number and string builtins folded on constants: hash of ints, repr, ascii, pow with a modulus, chr/ord, hex/bin/oct of negatives, format's quirk (str(value).format(spec)), operator.concat/iconcat of lists.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import operator

import torch

torch.manual_seed(0)


def f0(x):
    h = hash(42) + hash(-1) + hash(True)
    return x * h


def f1(x):
    s = repr("a'b") + ascii("q") + repr(2.5) + hex(-255) + bin(-3) + oct(64) + chr(ord("z") - 1)
    n = pow(7, 3, 10) + pow(2, -1) + pow(-3, 3, -7)
    return x + len(s) + n + len(format(12, "x"))


def f2(x):
    a = [1, 2]
    b = operator.iconcat(a, [3])
    c = operator.concat([0], b)
    return x * len(c) + len(a) + (b is a)


for i, f in enumerate([f0, f1, f2]):
    out = torch.compile(f, backend="eager")(torch.randn(3))
    print(i, tuple(out.shape), round(out.double().sum().item(), 4))
