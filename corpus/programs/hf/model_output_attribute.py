"""A transformers ModelOutput built inside the function and read by attribute.

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from transformers.modeling_outputs import BaseModelOutputWithPast

torch.manual_seed(0)


def encode(x, w):
    hidden = torch.tanh(x @ w)
    out = BaseModelOutputWithPast(last_hidden_state=hidden)
    return out.last_hidden_state.mean(dim=-1)


opt = torch.compile(encode, backend="eager")
res = opt(torch.randn(2, 4), torch.randn(4, 4))
print(tuple(res.shape), round(res.double().sum().item(), 4))
