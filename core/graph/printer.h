// printer.h — Python source for a Graph, equal to GraphModule.code.
//
// Mirrors torch/fx/graph.py CodeGen._gen_python_code (non-verbose, default codegen)
// as Dynamo's graphs print in torch 2.13: a fresh namespace seeded with FX's custom
// builtins, `def forward(self, <target> : <type>, ...):`, `l_x_ = L_x_` renames,
// operator pretty-printing (magic and in-place), the getattr attribute form,
// `;  a = b = None` after each value's last use, `return <repr>`, and the three
// leading newlines and trailing indentation of GraphModule.code.
#pragma once

#include <string>

#include "core/graph/graph.h"

namespace dynrr::graph {

// GraphModule(root, graph).code for `graph`.
std::string pythonCode(const Graph& graph);

// A debugging dump in the spirit of GraphModule.print_readable plus
// Graph.print_tabular: the class wrapper around pythonCode, then one line per node
// (op, name, target, args, kwargs, source). Not a fidelity target.
std::string readable(const Graph& graph);

}  // namespace dynrr::graph
