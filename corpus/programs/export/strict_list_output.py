"""torch.export.export(strict=True) returning a list and a dict in a tuple: list and dict TreeSpecs in the out_spec.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Parts(torch.nn.Module):
    def forward(self, xs):
        total = xs[0] + xs[1]
        return [total, total * 2], {"mean": total.mean()}


ep = torch.export.export(Parts(), ([torch.randn(3), torch.randn(3)],), strict=True)
parts, stats = ep.module()([torch.randn(3), torch.randn(3)])
print(len(parts), sorted(stats))
