"""A small CNN: conv, batch norm (eval), ReLU, max pooling, global average pool, linear head.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ConvBlock(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(c_out)

    def forward(self, x):
        return F.max_pool2d(F.relu(self.bn(self.conv(x))), 2)


class SmallCNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(ConvBlock(3, 8), ConvBlock(8, 16))
        self.head = nn.Linear(16, 5)

    def forward(self, x):
        x = self.blocks(x)
        x = x.mean(dim=(2, 3))
        return self.head(x)


model = SmallCNN().eval()
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(2, 3, 16, 16))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
