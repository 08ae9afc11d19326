"""Autograd and naming flags read together, as a debugging helper does before deciding whether to keep an activation's gradient: is_leaf, retains_grad and name of an input that does not require grad (getattr nodes whose example values are True, False and None).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def keep_activation(x):
    flags = (x.is_leaf, x.retains_grad, x.name)
    if flags == (True, False, None):
        return x * 2
    return x


out = torch.compile(keep_activation, backend="eager")(torch.randn(3, 2))
print(tuple(out.shape), round(out.sum().item(), 4))
