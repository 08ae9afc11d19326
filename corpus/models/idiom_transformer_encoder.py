"""Serving idiom: nn.TransformerEncoderLayer (batch_first) over padded batches of varying
lengths, with a key-padding mask built from the lengths.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import torch.nn as nn

torch.manual_seed(0)

layer = nn.TransformerEncoderLayer(d_model=32, nhead=4, dim_feedforward=64, dropout=0.0,
                                   batch_first=True).eval()


@torch.compile(backend="eager")
def serve(x, lengths):
    pad = torch.arange(x.shape[1])[None, :] >= lengths[:, None]
    out = layer(x, src_key_padding_mask=pad)
    return out.masked_fill(pad[..., None], 0.0).sum(1) / lengths[:, None]


with torch.no_grad():
    for seq in (6, 9):
        lengths = torch.tensor([seq, seq - 2, 3])
        out = serve(torch.randn(3, seq, 32), lengths)
        print(seq, tuple(out.shape), round(out.double().abs().sum().item(), 4))
