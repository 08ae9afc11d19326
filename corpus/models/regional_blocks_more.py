"""Regional compilation, more families: a ViT layer, a DistilBERT block, a BART encoder
layer, a CLIP encoder layer, a Whisper encoder layer, and Llama / Mistral / Qwen2
decoder layers with rotary position embeddings, each compiled alone.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

h = torch.randn(2, 8, 32)
small = dict(hidden_size=32, num_attention_heads=2, intermediate_size=64)


def show(name, out):
    o = out[0] if isinstance(out, tuple) else out
    print(name, tuple(o.shape), round(o.double().abs().sum().item(), 4))


with torch.no_grad():
    vit = transformers.ViTModel(
        transformers.ViTConfig(image_size=16, patch_size=4, num_hidden_layers=1, **small)).eval()
    show("vit.layer", torch.compile(vit.layers[0], backend="eager")(torch.randn(2, 17, 32)))

    dist = transformers.DistilBertModel(transformers.DistilBertConfig(
        vocab_size=100, dim=32, n_layers=1, n_heads=2, hidden_dim=64)).eval()
    show("distilbert.layer", torch.compile(dist.transformer.layer[0], backend="eager")(h))

    bart = transformers.BartModel(transformers.BartConfig(
        vocab_size=100, d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
        decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64)).eval()
    show("bart.encoder.layer", torch.compile(bart.encoder.layers[0], backend="eager")(h, None))

    clip = transformers.CLIPTextModel(transformers.CLIPTextConfig(
        vocab_size=100, num_hidden_layers=1, max_position_embeddings=16, **small)).eval()
    show("clip.layer", torch.compile(clip.encoder.layers[0], backend="eager")(h, None))

    whisper = transformers.WhisperModel(transformers.WhisperConfig(
        vocab_size=100, d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
        decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, num_mel_bins=8,
        pad_token_id=0, decoder_start_token_id=1, bos_token_id=1, eos_token_id=2)).eval()
    show("whisper.encoder.layer", torch.compile(whisper.encoder.layers[0], backend="eager")(h, None))

    for name, cfg_cls, model_cls in [
            ("llama", transformers.LlamaConfig, transformers.LlamaModel),
            ("mistral", transformers.MistralConfig, transformers.MistralModel),
            ("qwen2", transformers.Qwen2Config, transformers.Qwen2Model)]:
        model = model_cls(cfg_cls(vocab_size=100, num_hidden_layers=1, num_key_value_heads=1,
                                  max_position_embeddings=64, **small)).eval()
        pos = torch.arange(8).unsqueeze(0)
        cos_sin = model.rotary_emb(h, pos)
        layer = torch.compile(model.layers[0], backend="eager")
        show(name + ".layer", layer(h, position_embeddings=cos_sin, position_ids=pos))
