"""parameters(recurse=False), named_parameters(prefix=...), named_buffers(recurse=False)
and named_modules(prefix=...) on a nested model.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(4) * 0.5)
        self.register_buffer("offset", torch.full((4,), 0.25))
        self.proj = nn.Linear(4, 4)

    def forward(self, x):
        own = sum(p.sum() for p in self.parameters(recurse=False))
        names = [n for n, _ in self.named_parameters(prefix="enc")]
        bufs = [b for _, b in self.named_buffers(recurse=False)]
        mods = [n for n, _ in self.named_modules(prefix="root")]
        return self.proj(x * self.scale + bufs[0]) + own + len(names) + len(mods)


opt = torch.compile(Encoder(), backend="eager")
out = opt(torch.randn(3, 4))
print(tuple(out.shape), round(out.double().sum().item(), 4))
