"""Qwen2 (Qwen2ForCausalLM from a small config, random weights) compiled whole, inference.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.Qwen2Config(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                               num_key_value_heads=1, intermediate_size=64, max_position_embeddings=64)
model = transformers.Qwen2ForCausalLM(cfg).eval()
ids = torch.randint(0, 100, (2, 8))
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(ids, use_cache=False)
print(tuple(out.logits.shape), round(out.logits.double().sum().item(), 4))
