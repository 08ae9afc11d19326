"""An embedding sequence model: token embedding, positional add, mean pooling over a padding mask, classifier.

scope: workload
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class SeqClassifier(nn.Module):
    def __init__(self, vocab=50, dim=16, max_len=12, classes=3):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim, padding_idx=0)
        self.pos = nn.Parameter(torch.randn(max_len, dim) * 0.02)
        self.norm = nn.LayerNorm(dim)
        self.cls = nn.Linear(dim, classes)

    def forward(self, ids):
        t = ids.shape[1]
        h = self.tok(ids) + self.pos[:t]
        keep = (ids != 0).unsqueeze(-1).float()
        pooled = (h * keep).sum(1) / keep.sum(1).clamp_min(1.0)
        return self.cls(self.norm(pooled))


model = SeqClassifier().eval()
opt = torch.compile(model, backend="eager")
ids = torch.tensor([[5, 9, 12, 3, 0, 0, 0, 0], [7, 7, 1, 44, 20, 8, 2, 0]])
out = opt(ids)
print(tuple(out.shape), out.dtype, round(out.double().sum().item(), 4))
