"""GPT-2 (GPT2LMHeadModel from a small config, random weights) compiled whole and called
with three sequence lengths: the second call recompiles with automatic dynamic shapes
(a symbolic sequence length), the third reuses that graph.

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
with torch.no_grad():
    for seq in (8, 12, 5):
        out = opt(torch.randint(0, 100, (2, seq)), use_cache=False)
        print(tuple(out.logits.shape), round(out.logits.double().sum().item(), 4))
