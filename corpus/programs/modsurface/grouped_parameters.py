"""Parameters grouped by name (decay / no decay) from named_parameters(), as
optimizer setup code does, and a parameter count from numel().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Linear(3, 4)
        self.norm = nn.LayerNorm(4)
        self.out = nn.Linear(4, 1)

    def forward(self, x):
        return self.out(self.norm(self.emb(x)))


@torch.compile(backend="eager")
def regularized(model, x):
    decay = [p for n, p in model.named_parameters() if not n.endswith("bias") and "norm" not in n]
    n_params = sum(p.numel() for p in model.parameters())
    reg = sum(p.pow(2).sum() for p in decay)
    return model(x).mean() + reg / n_params


out = regularized(Small(), torch.randn(2, 3))
print(out.dtype, round(out.item(), 4))
