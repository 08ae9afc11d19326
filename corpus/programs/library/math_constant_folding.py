"""math functions on Python constants fold while tracing (sqrt, floor, ceil, log, exp, isclose,
prod, gcd, comb, isqrt, tanh, fabs, copysign, hypot); the results scale a tensor.

scope: part1
expect: 1 graph, 0 breaks, 0 recompiles
"""
import math

import torch

torch.manual_seed(0)


def fn(x, n, s):
    a = math.sqrt(n) + math.floor(s) + math.ceil(s)
    b = math.log(n + 1) + math.exp(-abs(s)) + math.log(8, 2)
    c = math.gcd(n, 6) + math.comb(6, n % 7) + math.isqrt(n) + math.prod([n, 2, 3])
    d = math.tanh(s) + math.fabs(s) + math.copysign(1.0, s) + math.hypot(s, n)
    e = int(math.isclose(s, s + 1e-12)) + math.trunc(s) + math.factorial(4)
    return x * a + b - c * 0.01 + d + e


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3), 4, 2.5)
print(tuple(out.shape), round(out.sum().item(), 4))
