"""torch.export.export(strict=True) with a registered buffer and a keyword input: the inputs unflattened by pytree in the traced frame.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Scale(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("scale", torch.full((3,), 2.0))

    def forward(self, x, *, bias):
        return x * self.scale + bias


ep = torch.export.export(Scale(), (torch.randn(2, 3),), {"bias": torch.ones(3)}, strict=True)
out = ep.module()(torch.randn(2, 3), bias=torch.ones(3))
print(tuple(out.shape), [s.kind.name for s in ep.graph_signature.input_specs])
