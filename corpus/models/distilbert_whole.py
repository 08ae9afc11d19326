"""DistilBERT (DistilBertModel from a small config, random weights) compiled whole, inference.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.DistilBertConfig(vocab_size=100, dim=32, n_layers=2, n_heads=2, hidden_dim=64,
                                    max_position_embeddings=64)
model = transformers.DistilBertModel(cfg).eval()
ids = torch.randint(0, 100, (2, 8))
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(ids)
print(tuple(out.last_hidden_state.shape), round(out.last_hidden_state.double().abs().sum().item(), 4))
