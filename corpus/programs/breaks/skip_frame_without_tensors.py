"""A call Dynamo cannot inline runs eagerly after a graph break; its frame holds no
tensor-related object, so convert_frame skips it before tracing (has_tensor_in_frame).

scope: part2
expect: 2 graphs, 1 break, 0 recompiles
"""
import torch

torch.manual_seed(0)


def count_words(words):
    print("counting", len(words), "words")
    return sum(len(w) for w in words)


def fn(x):
    y = x.sin()
    n = count_words(["dyn", "amo"])
    return y * n


opt = torch.compile(fn, backend="eager")
out = opt(torch.randn(4))
print(tuple(out.shape), round(out.sum().item(), 4))
