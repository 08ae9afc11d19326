"""A head builds a CausalLMOutput from an encoder's ModelOutput and returns it.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from transformers.modeling_outputs import BaseModelOutputWithPast, CausalLMOutput

torch.manual_seed(0)


def body(x, w):
    h = torch.relu(x @ w)
    return BaseModelOutputWithPast(last_hidden_state=h, hidden_states=(x, h))


def lm_head(x, w, vocab):
    enc = body(x, w)
    logits = enc.last_hidden_state @ vocab
    return CausalLMOutput(logits=logits, hidden_states=enc.hidden_states)


opt = torch.compile(lm_head, backend="eager")
out = opt(torch.randn(3, 4), torch.randn(4, 4), torch.randn(4, 6))
print(type(out).__name__, list(out.keys()), tuple(out.logits.shape), len(out.hidden_states))
print(round(out.logits.double().sum().item(), 4))
