"""A 3-layer MLP classifier with ReLU and dropout (eval), batch of 16.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class MLP(nn.Module):
    def __init__(self, d_in=32, hidden=64, classes=10):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, classes)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        x = self.drop(F.relu(self.fc1(x)))
        x = self.drop(F.relu(self.fc2(x)))
        return self.fc3(x).log_softmax(-1)


model = MLP().eval()
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(16, 32))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
