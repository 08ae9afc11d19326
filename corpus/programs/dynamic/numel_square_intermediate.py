"""A mean written as sum() / numel() over an intermediate tensor whose two dims are one
duck-sized symbol: its numel is s77**2 (sympy's Pow), which insert_deferred_runtime_asserts
rebuilds from the symbol input as `s77 ** 2` (pow_by_natural) instead of keeping
the tensor's numel() call; a (b, d) input with b != d keeps s77*s27 as a mul.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def centred_energy(x):
    y = (x - x.mean()) * 2
    return (y * y).sum() / y.numel()


def scaled(x, w):
    h = x @ w
    return h / h.numel()


f = torch.compile(centred_energy, backend="eager", dynamic=True)
print(f(torch.randn(5, 5)))
g = torch.compile(scaled, backend="eager", dynamic=True)
print(g(torch.randn(3, 4), torch.randn(4, 6)).shape)
