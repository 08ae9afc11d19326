"""Calling a C function Dynamo cannot trace (zlib.crc32) breaks the graph.

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch
import zlib

torch.manual_seed(0)


def fn(x):
    y = x + 1
    tag = zlib.crc32(b"dynrr") % 7
    return y * tag


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
