"""torch._dynamo.export of a module holding a user-defined submodule with its own buffer and parameter.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Norm(torch.nn.Module):
    def __init__(self, n):
        super().__init__()
        self.gain = torch.nn.Parameter(torch.ones(n))
        self.register_buffer("eps", torch.tensor(1e-5))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.gain


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = Norm(4)
        self.proj = torch.nn.Linear(4, 4)

    def forward(self, x):
        return x + self.proj(self.norm(x))


gm, guards = torch._dynamo.export(Block(), assume_static_by_default=True)(torch.randn(3, 4))
print(tuple(gm(torch.randn(3, 4)).shape))
