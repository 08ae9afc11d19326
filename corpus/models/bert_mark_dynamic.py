"""A BERT-style encoder layer stack written by hand (nn.MultiheadAttention-free: linear
projections, view/transpose into heads, softmax attention, layer norm), compiled with the
batch and sequence dims marked dynamic: one symbolic graph from the first call.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Layer(nn.Module):
    def __init__(self, d=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.ln1 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.ln2 = nn.LayerNorm(d)

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q.view(b, s, self.heads, d // self.heads).transpose(1, 2)
        k = k.view(b, s, self.heads, d // self.heads).transpose(1, 2)
        v = v.view(b, s, self.heads, d // self.heads).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (d // self.heads) ** -0.5
        h = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, s, d)
        x = self.ln1(x + self.out(h))
        return self.ln2(x + self.ff(x))


model = nn.Sequential(Layer(), Layer()).eval()
opt = torch.compile(model, backend="eager")
x = torch.randn(2, 7, 32)
torch._dynamo.mark_dynamic(x, 0)
torch._dynamo.mark_dynamic(x, 1)
with torch.no_grad():
    out = opt(x)
    out2 = opt(torch.randn(3, 9, 32))
print(tuple(out.shape), tuple(out2.shape), round(out.double().sum().item(), 4))
