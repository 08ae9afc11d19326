"""Regional compilation: one transformer block or sub-layer of BERT, GPT-2, Llama and T5 compiled alone.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

h = torch.randn(2, 8, 32)
small = dict(hidden_size=32, num_attention_heads=2, intermediate_size=64)
bert = transformers.BertModel(transformers.BertConfig(vocab_size=100, num_hidden_layers=1, **small)).eval()
gpt2 = transformers.GPT2Model(transformers.GPT2Config(vocab_size=100, n_embd=32, n_layer=1, n_head=2)).eval()
llama = transformers.LlamaModel(
    transformers.LlamaConfig(vocab_size=100, num_hidden_layers=1, num_key_value_heads=1, **small)).eval()
t5 = transformers.T5Model(transformers.T5Config(vocab_size=100, d_model=32, d_kv=16, d_ff=64, num_layers=1,
                                                num_heads=2)).eval()
blocks = [("bert.layer", bert.encoder.layer[0]), ("gpt2.h", gpt2.h[0]), ("llama.mlp", llama.layers[0].mlp),
          ("llama.norm", llama.norm), ("t5.ff", t5.encoder.block[0].layer[1])]
with torch.no_grad():
    for name, blk in blocks:
        out = torch.compile(blk, backend="eager")(h)
        o = out[0] if isinstance(out, tuple) else out
        print(name, tuple(o.shape), round(o.double().abs().sum().item(), 4))
