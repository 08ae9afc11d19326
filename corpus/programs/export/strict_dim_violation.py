"""torch.export.export(strict=True) where the forward specialises a Dim (a branch on the batch size): export reports a constraint violation.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles; export raises a constraint violation after the capture
"""
import torch
from torch.export import Dim

torch.manual_seed(0)


class Picky(torch.nn.Module):
    def forward(self, x):
        if x.shape[0] == 4:
            return x + 1
        return x - 1


try:
    torch.export.export(Picky(), (torch.randn(4, 2),), dynamic_shapes={"x": {0: Dim("b", max=16)}}, strict=True)
    print("exported")
except Exception as e:  # a UserError naming the constraint violation
    print("export failed:", type(e).__name__)
