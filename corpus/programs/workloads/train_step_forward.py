"""A training step's forward: model, cross-entropy loss and an L2 penalty, then backward outside.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(10, 20), nn.Tanh(), nn.Linear(20, 4))

    def forward(self, x):
        return self.body(x)


model = Net().train()


def train_step(x, y):
    logits = model(x)
    loss = F.cross_entropy(logits, y)
    l2 = sum(p.pow(2).sum() for p in model.parameters())
    return loss + 1e-4 * l2, logits.argmax(-1)


opt = torch.compile(train_step, backend="eager")
x = torch.randn(8, 10)
y = torch.tensor([0, 1, 2, 3, 0, 1, 2, 3])
loss, pred = opt(x, y)
loss.backward()
print(round(loss.item(), 4), pred.tolist(), round(model.body[0].weight.grad.abs().sum().item(), 4))
