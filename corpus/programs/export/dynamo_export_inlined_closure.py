"""torch._dynamo.export of a function inlining a global helper that closes over a tensor: the cell contents, reached from a global, become a get_attr node.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def make_helper(bias):
    def helper(t):
        return t + bias

    return helper


helper = make_helper(torch.randn(3))


def fn(x):
    return helper(x.exp()).sum(0)


gm, guards = torch._dynamo.export(fn, assume_static_by_default=True)(torch.randn(2, 3))
print(tuple(gm(torch.randn(2, 3)).shape))
