"""torch.export.export(strict=True) of a forward that needs a graph break (.item() used in Python): an error under export, where torch.compile would break the graph.

scope: part2
expect: 0 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Branchy(torch.nn.Module):
    def forward(self, x):
        if x.sum().item() > 0:
            return x + 1
        return x - 1


try:
    torch.export.export(Branchy(), (torch.randn(3),), strict=True)
    print("exported")
except Exception as e:  # a UserError or Unsupported, with Dynamo's message
    print("export failed:", type(e).__name__)
