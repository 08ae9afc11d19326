"""A sequence trimmed and indexed by another input's length, both marked dynamic:
z.narrow(0, 0, x.shape[0] - 1) and z[x.shape[0] - 1] with x and z of their own
symbols (s77, s68). The refs' bounds checks relate the two symbols
(0 <= 1 + s68 - s77, s77 - 1 < s68): true on the hints and kept as guards, not solved
into a replacement. The core makes those guards on the expressions; where its stand-ins
for the two symbols do not satisfy them (the narrow here: the stand-in of s77 is the
larger), the view is made from the stand-ins directly instead of through the fake
kernel's bounds check.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def trim_to(x, z):
    head = z.narrow(0, 0, x.shape[0] - 1)
    return head.sum(0) + x.sum()


def last_of(x, z):
    return z[x.shape[0] - 1] * x.shape[0]


for fn in (trim_to, last_of):
    f = torch.compile(fn, backend="eager")
    for n, m in ((5, 7), (6, 9)):
        x, z = torch.randn(n, 4), torch.randn(m, 3)
        torch._dynamo.mark_dynamic(x, 0)
        torch._dynamo.mark_dynamic(z, 0)
        print(fn.__name__, f(x, z).shape)
