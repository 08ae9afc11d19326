"""F.scaled_dot_product_attention in a hand-written attention block: causal, with a boolean
mask, and with a float additive mask, compiled.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class Attention(nn.Module):
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, mask=None, causal=False):
        b, t, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, is_causal=causal)
        return self.proj(y.transpose(1, 2).reshape(b, t, d))


attn = Attention().eval()
opt = torch.compile(attn, backend="eager")
x = torch.randn(2, 6, 32)
keep = torch.ones(2, 1, 6, 6, dtype=torch.bool).tril()
bias = torch.zeros(2, 1, 6, 6).masked_fill(~keep, float("-inf"))
with torch.no_grad():
    a = opt(x, causal=True)
    b = opt(x, mask=keep)
    c = opt(x, mask=bias)
print([round(t.double().abs().sum().item(), 4) for t in (a, b, c)])
