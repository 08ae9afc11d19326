"""A residual CNN block pair (conv-bn-relu-conv-bn + skip) with a strided downsample and a classifier.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Residual(nn.Module):
    def __init__(self, c, stride=1):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c * stride, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(c * stride)
        self.conv2 = nn.Conv2d(c * stride, c * stride, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(c * stride)
        self.skip = nn.Identity() if stride == 1 else nn.Conv2d(c, c * stride, 1, stride=stride)

    def forward(self, x):
        h = F.relu(self.bn1(self.conv1(x)))
        h = self.bn2(self.conv2(h))
        return F.relu(h + self.skip(x))


class ResNetTiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Conv2d(3, 8, 3, padding=1)
        self.layer1 = Residual(8)
        self.layer2 = Residual(8, stride=2)
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        x = self.layer2(self.layer1(F.relu(self.stem(x))))
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


model = ResNetTiny().eval()
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(2, 3, 16, 16))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
