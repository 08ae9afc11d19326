"""dynamic=True with duck sizing: a broadcast against torch.zeros(n, 4) fixes the symbol
of x's second dim to 4; z, whose first dim was duck-sized to the same symbol, is only
realised after that, so its fake tensor (and graph input) has the number 4, while x's
torch.Size read mixes a symbol and a dim fixed to a constant.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(x, z):
    t0 = torch.zeros(x.shape[0], 4) + x
    t1 = torch.softmax(z, dim=0)
    rows, cols = x.shape
    return t0 * rows, t1, cols + 1


opt = torch.compile(fn, backend="eager", dynamic=True)
a, b, c = opt(torch.randn(6, 4), torch.randn(4, 1))
print(tuple(a.shape), tuple(b.shape), c)
