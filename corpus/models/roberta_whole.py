"""RoBERTa (RobertaForSequenceClassification from a small config, random weights) compiled
whole, inference with an attention mask.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.RobertaConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2,
                                 num_attention_heads=2, intermediate_size=64,
                                 max_position_embeddings=64, num_labels=3)
model = transformers.RobertaForSequenceClassification(cfg).eval()
ids = torch.randint(3, 100, (2, 10))
mask = torch.ones(2, 10, dtype=torch.long)
mask[1, 7:] = 0
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(input_ids=ids, attention_mask=mask)
print(tuple(out.logits.shape), round(out.logits.double().sum().item(), 4))
