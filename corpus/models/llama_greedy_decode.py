"""Llama greedy decoding with the KV cache: a compiled forward called step by step (the
prompt, then one token at a time with the DynamicCache of the previous step).

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.LlamaConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                               num_key_value_heads=1, intermediate_size=64, max_position_embeddings=64)
model = transformers.LlamaForCausalLM(cfg).eval()
opt = torch.compile(model, backend="eager")
ids = torch.randint(0, 100, (1, 6))
tokens = ids[0].tolist()
past = None
with torch.no_grad():
    for _ in range(4):
        out = opt(ids, past_key_values=past, use_cache=True)
        past = out.past_key_values
        ids = out.logits[:, -1:].argmax(-1)
        tokens.append(int(ids))
print(tokens)
