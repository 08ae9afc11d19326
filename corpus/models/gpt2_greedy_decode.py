"""GPT-2 greedy decoding with the KV cache: a compiled forward called step by step, the
prompt first, then one token at a time with past_key_values from the previous step.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.GPT2Config(vocab_size=100, n_embd=32, n_layer=2, n_head=2, n_positions=64)
model = transformers.GPT2LMHeadModel(cfg).eval()
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
