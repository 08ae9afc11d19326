"""A model configured by a Python dataclass, with activation and residual helpers built as closures.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import dataclasses
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


@dataclasses.dataclass(frozen=True)
class Config:
    dim: int = 16
    depth: int = 3
    act: str = "silu"
    residual_scale: float = 0.5
    use_norm: bool = True


def make_activation(name):
    table = {"relu": F.relu, "silu": F.silu, "gelu": F.gelu}
    fn = table[name]

    def act(t):
        return fn(t)

    return act


def make_residual(scale):
    def residual(x, y):
        return x + scale * y

    return residual


class ConfiguredNet(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.layers = nn.ModuleList([nn.Linear(cfg.dim, cfg.dim) for _ in range(cfg.depth)])
        self.norm = nn.LayerNorm(cfg.dim) if cfg.use_norm else nn.Identity()
        self.act = make_activation(cfg.act)
        self.residual = make_residual(cfg.residual_scale)

    def forward(self, x):
        for layer in self.layers:
            x = self.residual(x, self.act(layer(x)))
        if self.cfg.use_norm:
            x = self.norm(x)
        return x


model = ConfiguredNet(Config()).eval()
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(4, 16))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
