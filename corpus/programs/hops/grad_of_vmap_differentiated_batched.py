"""torch.func.grad of a function that vmaps over the differentiated input itself (a BatchedTensor of a GradTrackingTensor that requires grad).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def fn(w):
    def loss(v):
        return torch.func.vmap(lambda r: r.sin() * 2)(v).sum()

    return torch.func.grad(loss)(w)

opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
