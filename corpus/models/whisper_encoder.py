"""Whisper's encoder (WhisperModel's encoder from a small config, random weights) compiled
whole on log-mel features.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.WhisperConfig(vocab_size=100, num_mel_bins=16, d_model=32, encoder_layers=2,
                                 decoder_layers=1, encoder_attention_heads=2, decoder_attention_heads=2,
                                 encoder_ffn_dim=64, decoder_ffn_dim=64, max_source_positions=16,
                                 max_target_positions=16, pad_token_id=0,
                                 bos_token_id=1, eos_token_id=2, decoder_start_token_id=1)
encoder = transformers.WhisperModel(cfg).get_encoder().eval()
features = torch.randn(2, 16, 32)
opt = torch.compile(encoder, backend="eager")
with torch.no_grad():
    out = opt(features)
print(tuple(out.last_hidden_state.shape), round(out.last_hidden_state.double().abs().sum().item(), 4))
