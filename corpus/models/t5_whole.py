"""T5 (T5Model encoder-decoder from a small config, random weights) compiled whole, with decoder inputs.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.T5Config(vocab_size=100, d_model=32, d_kv=16, d_ff=64, num_layers=2, num_heads=2,
                            decoder_start_token_id=0)
model = transformers.T5Model(cfg).eval()
ids = torch.randint(0, 100, (2, 8))
dec = torch.randint(0, 100, (2, 4))
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(input_ids=ids, decoder_input_ids=dec, use_cache=False)
print(tuple(out.last_hidden_state.shape), round(out.last_hidden_state.double().abs().sum().item(), 4))
