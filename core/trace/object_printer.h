// object_printer.h — short, readable, cycle-safe descriptions of trace heap objects,
// used by `dynrr show`, `dynrr debug` and error messages.
#pragma once

#include <string>

#include "core/trace/trace_reader.h"

namespace dynrr::trace {

struct PrintOptions {
  int maxDepth = 3;       // containers nested deeper print as "..."
  size_t maxItems = 8;    // container items shown before "... N more"
  size_t maxString = 80;  // characters of a str shown before "..."
};

// A Python-like rendering: `tensor(f32[2, 3], stride=(3, 1))`, `[1, 2, <cell ...>]`,
// `<function f at line 3>`. Invalid refs render as `<bad ref N>`; never fails.
std::string describeObject(const TraceReader& trace, ObjRef ref, const PrintOptions& options = {});

// The Python type name of an object ("int", "list", "Tensor", "function", ...).
std::string typeName(const TraceReader& trace, ObjRef ref);

// "f32[2, 3]"-style summary of tensor metadata with stride, device and flags.
std::string describeTensorMeta(schema::TensorMeta::Reader meta);

// "2, 3" for [2, 3]: the comma-separated ints of a list.
std::string joinInts(capnp::List<int64_t>::Reader xs);

// "torch.float32" -> "f32", as FX prints dtypes in graph comments.
std::string shortDtype(const std::string& dtype);

}  // namespace dynrr::trace
