"""torch._dynamo.export of a module returning a nested pytree (dict of tuple and list).

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


class Heads(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(3, 2)
        self.b = torch.nn.Linear(3, 2)

    def forward(self, x):
        h = x.tanh()
        return {"pair": (self.a(h), self.b(h)), "rest": [h.sum(), h.mean()]}


gm, guards = torch._dynamo.export(Heads(), assume_static_by_default=True)(torch.randn(2, 3))
out = gm(torch.randn(2, 3))
print(sorted(out), len(out["rest"]))
