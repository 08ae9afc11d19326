"""Context managers Dynamo traces as no-ops or state guards: torch.profiler.record_function / torch.autograd.profiler.record_function (ProfilerRecordFunctionContextVariable, a nullcontext unless capture_profiler_record_function) and torch.autograd.graph.disable_saved_tensors_hooks (DisabledSavedTensorsHooksVariable: the enter/exit calls in the graph).

scope: part2
expect: 4 graphs, 0 breaks, 0 recompiles
"""
import torch

torch.manual_seed(0)


def f0(x):
    with torch.profiler.record_function("block"):
        y = x + 1
    return y * 2


def f1(x, w):
    with torch.autograd.profiler.record_function("mm"):
        y = x @ w
        with torch.profiler.record_function("inner"):
            y = y.relu()
    return y


def f2(x):
    with torch.autograd.graph.disable_saved_tensors_hooks("no hooks here"):
        y = x.sin() * 3
    return y - 1


def f3(x):
    y = x * 2
    with torch.autograd.graph.disable_saved_tensors_hooks("inner"):
        with torch.profiler.record_function("both"):
            y = y + x
    return y


x = torch.randn(3, 3)
print('f0', torch.compile(f0, backend="eager")(x).sum().item() != 0)
print('f1', torch.compile(f1, backend="eager")(x, torch.randn(3, 3)).shape)
print('f2', torch.compile(f2, backend="eager")(x).shape)
print('f3', torch.compile(f3, backend="eager")(x).shape)
