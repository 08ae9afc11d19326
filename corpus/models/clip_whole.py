"""CLIP (CLIPModel, text and vision towers from a small config, random weights) compiled
whole: image-text logits from token ids, an attention mask and pixels.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

text = dict(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
            num_attention_heads=2, max_position_embeddings=16)
vision = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=2,
              image_size=32, patch_size=8)
cfg = transformers.CLIPConfig(text_config=text, vision_config=vision, projection_dim=16)
model = transformers.CLIPModel(cfg).eval()
ids = torch.randint(0, 100, (2, 7))
mask = torch.ones(2, 7, dtype=torch.long)
mask[1, 5:] = 0
pixels = torch.randn(2, 3, 32, 32)
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(input_ids=ids, attention_mask=mask, pixel_values=pixels)
print(tuple(out.logits_per_image.shape), round(out.logits_per_image.double().sum().item(), 4))
