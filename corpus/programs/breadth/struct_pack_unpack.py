"""struct.pack / struct.unpack on constants: substitute_in_graph polyfills with can_constant_fold_through (PolyfilledFunctionVariable, ID_MATCH), folded at compile time; native aligned and standard little/big-endian formats, ints, bools and floats.

scope: part2
expect: 3 graphs, 0 breaks, 0 recompiles
"""
import struct

import torch

torch.manual_seed(0)


def f0(x):
    packed = struct.pack("<ihq", 7, -2, 1 << 40)
    return x * len(packed) + struct.unpack("<ihq", packed)[1]


def f1(x):
    a, b, c = struct.unpack(">Hd?", struct.pack(">Hd?", 513, 0.25, True))
    return x * a + b if c else x


def f2(x, n):
    header = struct.pack("bif", 1, n, 1.5)
    (flag, count, scale) = struct.unpack("bif", header)
    return (x + count) * scale * flag + len(header)


x = torch.randn(3)
print('f0', torch.compile(f0, backend="eager")(x))
print('f1', torch.compile(f1, backend="eager")(x))
print('f2', torch.compile(f2, backend="eager")(x, 5))
