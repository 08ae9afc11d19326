"""A training loss with an L2 penalty summed over model.parameters().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))


@torch.compile(backend="eager")
def loss_fn(model, x, y):
    pred = model(x).squeeze(-1)
    mse = (pred - y).pow(2).mean()
    l2 = sum((p ** 2).sum() for p in model.parameters())
    return mse + 1e-3 * l2


loss = loss_fn(model, torch.randn(5, 4), torch.randn(5))
print(loss.dtype, round(loss.item(), 4))
