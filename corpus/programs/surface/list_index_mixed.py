"""list.index over lists that hold tensors (Dynamo inlines polyfills.index, which walks islice(enumerate(...)) testing `elem is item or elem == item`): the level of a feature map found by identity, and a layer spec's kernel size found among constants before a tensor.

scope: part2
expect: 2 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def finest_level(p3, p4, p5):
    levels = [p3, p4, p5]
    k = levels.index(p3)
    return levels[k] * (k + 1) + p5.mean()


def layer_from_spec(x, w):
    spec = ["conv", 3, w]
    k = spec.index(3)
    return torch.nn.functional.conv1d(x, spec[k + 1], padding=spec[k] // 2)


out = torch.compile(finest_level, backend="eager")(torch.randn(4), torch.randn(2), torch.randn(1))
print(tuple(out.shape), round(out.sum().item(), 4))
out = torch.compile(layer_from_spec, backend="eager")(torch.randn(1, 2, 8), torch.randn(4, 2, 3))
print(tuple(out.shape), round(out.sum().item(), 4))
