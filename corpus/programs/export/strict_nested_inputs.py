"""torch.export.export(strict=True) with a nested input pytree (a tensor, a tuple of tensors, a dict of tensors): tree_unflatten rebuilds it over the in_spec.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Mix(torch.nn.Module):
    def forward(self, x, pair, cfg):
        a, b = pair
        return x * cfg["scale"] + a - b


args = (torch.randn(3), (torch.randn(3), torch.randn(3)), {"scale": torch.randn(3)})
ep = torch.export.export(Mix(), args, strict=True)
print(tuple(ep.module()(*args).shape), len(ep.graph_signature.input_specs))
