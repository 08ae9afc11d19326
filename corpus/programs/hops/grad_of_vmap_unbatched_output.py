"""torch.func.grad of a function whose vmapped function returns the differentiated (unbatched) tensor itself, also summed outside: _remove_batch_dim expands it, and the two gradients accumulate.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(w, x):
    def loss(v):
        return torch.func.vmap(lambda a: v)(x).sin().sum() + v.sum()

    return torch.func.grad(loss)(w)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4), torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
