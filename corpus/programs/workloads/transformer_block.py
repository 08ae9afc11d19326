"""A pre-norm transformer block: causal multi-head attention with softmax and masking, layer norm, GELU MLP.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import math
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Attention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.out = nn.Linear(dim, dim)

    def forward(self, x, mask):
        b, t, d = x.shape
        h = self.heads
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.view(b, t, h, d // h).transpose(1, 2)
        k = k.view(b, t, h, d // h).transpose(1, 2)
        v = v.view(b, t, h, d // h).transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(d // h)
        scores = scores.masked_fill(mask, float("-inf"))
        attn = scores.softmax(dim=-1)
        y = (attn @ v).transpose(1, 2).contiguous().view(b, t, d)
        return self.out(y)


class Block(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.ln1 = nn.LayerNorm(dim)
        self.attn = Attention(dim, heads)
        self.ln2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 4 * dim), nn.GELU(), nn.Linear(4 * dim, dim))

    def forward(self, x):
        t = x.shape[1]
        mask = torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1)
        x = x + self.attn(self.ln1(x), mask)
        return x + self.mlp(self.ln2(x))


model = Block().eval()
opt = torch.compile(model, backend="eager")
out = opt(torch.randn(2, 8, 32))
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
