"""torch.export.export(strict=True) of a module returning a dict and a tuple: the outputs flattened by pytree in the traced frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Split(torch.nn.Module):
    def forward(self, x):
        a, b = x.chunk(2, dim=0)
        return {"sum": a + b, "parts": (a.sin(), b.cos())}


ep = torch.export.export(Split(), (torch.randn(4, 3),), strict=True)
out = ep.module()(torch.randn(4, 3))
print(sorted(out), tuple(out["sum"].shape))
