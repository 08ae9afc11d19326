"""torch.func.vmap of torch.func.grad of a closure reading a free tensor.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(w, x, scale):
    def loss(v, a):
        return (a * v * scale).sin().sum()

    return torch.func.vmap(torch.func.grad(loss), in_dims=(None, 0))(w, x)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4), torch.randn(4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
