"""torch._dynamo.export of a module calling torch.cond on a tensor predicate with branches closing over a parameter (a get_attr of the root graph lifted into both subgraphs).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Gate(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.randn(3))

    def forward(self, x):
        def yes(t):
            return t * self.w

        def no(t):
            return t - self.w

        return torch.cond(x.sum() > 0, yes, no, (x,))


gm, guards = torch._dynamo.export(Gate(), assume_static_by_default=True)(torch.randn(2, 3))
print(tuple(gm(torch.randn(2, 3)).shape))
