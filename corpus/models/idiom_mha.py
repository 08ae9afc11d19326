"""nn.MultiheadAttention with a boolean key-padding mask and a float attention mask
(`_canonical_mask`), self-attention and cross-attention, compiled.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

mha = nn.MultiheadAttention(embed_dim=32, num_heads=4, batch_first=True).eval()


@torch.compile(backend="eager")
def attend(q, kv, key_padding_mask, attn_mask):
    self_out, _ = mha(q, q, q, attn_mask=attn_mask, need_weights=False)
    cross_out, weights = mha(self_out, kv, kv, key_padding_mask=key_padding_mask)
    return cross_out, weights


q = torch.randn(2, 5, 32)
kv = torch.randn(2, 7, 32)
kpm = torch.tensor([[False] * 7, [False] * 4 + [True] * 3])
causal = torch.triu(torch.full((5, 5), float("-inf")), diagonal=1)
with torch.no_grad():
    out, w = attend(q, kv, kpm, causal)
print(tuple(out.shape), round(out.double().abs().sum().item(), 4), tuple(w.shape),
      round(w.double().sum().item(), 4))
