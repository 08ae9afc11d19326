"""ModelOutput indexed like a tuple and like a dict, and converted with to_tuple().

scope: part2
expect: 1 graph, 0 breaks, 0 recompiles
"""
import torch
from transformers.modeling_outputs import SequenceClassifierOutput

torch.manual_seed(0)


def classify(x, w):
    logits = x @ w
    out = SequenceClassifierOutput(logits=logits, hidden_states=(x,))
    first = out[0]
    by_name = out["logits"]
    parts = out.to_tuple()
    return first.softmax(-1) + by_name.sigmoid(), len(parts)


opt = torch.compile(classify, backend="eager")
probs, n = opt(torch.randn(2, 5), torch.randn(5, 3))
print(tuple(probs.shape), n, round(probs.double().sum().item(), 4))
