"""ViT (ViTForImageClassification from a small config, random weights) compiled whole.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.ViTConfig(image_size=32, patch_size=8, num_channels=3, hidden_size=32,
                             num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                             num_labels=5)
model = transformers.ViTForImageClassification(cfg).eval()
pixels = torch.randn(2, 3, 32, 32)
opt = torch.compile(model, backend="eager")
with torch.no_grad():
    out = opt(pixel_values=pixels)
print(tuple(out.logits.shape), round(out.logits.double().sum().item(), 4))
