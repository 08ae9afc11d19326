"""BART (BartModel encoder-decoder from a small config, random weights) compiled whole, with
decoder inputs.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.BartConfig(vocab_size=100, d_model=32, encoder_layers=2, decoder_layers=2,
                              encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64,
                              decoder_ffn_dim=64, max_position_embeddings=64)
model = transformers.BartModel(cfg).eval()
ids = torch.randint(3, 100, (2, 8))
dec = torch.randint(3, 100, (2, 5))
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(input_ids=ids, decoder_input_ids=dec, use_cache=False)
print(tuple(out.last_hidden_state.shape), round(out.last_hidden_state.double().abs().sum().item(), 4))
