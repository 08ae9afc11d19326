"""GPT-2 training step: the compiled forward computes the language-model loss from labels,
then backward and an SGD step run eagerly.

scope: models
expect: see corpus/models/expectations.txt (recorded by scripts/models_suite.py)
"""
import torch
import transformers

torch.manual_seed(0)
transformers.logging.set_verbosity_error()

cfg = transformers.GPT2Config(vocab_size=100, n_embd=32, n_layer=2, n_head=2, n_positions=64,
                              resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
model = transformers.GPT2LMHeadModel(cfg).train()
opt_model = torch.compile(model, backend="eager")
sgd = torch.optim.SGD(model.parameters(), lr=0.1)
ids = torch.randint(0, 100, (2, 8))
for step in range(2):
    out = opt_model(ids, labels=ids, use_cache=False)
    out.loss.backward()
    sgd.step()
    sgd.zero_grad()
    print(step, round(out.loss.item(), 4))
