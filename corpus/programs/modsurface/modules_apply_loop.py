"""An apply-like loop over model.modules() that sums weight norms of the linear layers.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

model = nn.Sequential(
    nn.Linear(3, 5),
    nn.Sequential(nn.Tanh(), nn.Linear(5, 5)),
    nn.Linear(5, 2),
)


@torch.compile(backend="eager")
def weight_report(model, x):
    total = x.new_zeros(())
    count = 0
    for m in model.modules():
        if isinstance(m, nn.Linear):
            total = total + m.weight.norm()
            count += 1
    return model(x).mean() + total / count


out = weight_report(model, torch.randn(4, 3))
print(out.dtype, round(out.item(), 4))
