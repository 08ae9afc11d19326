// tensor_variable.h — a tensor flowing through the graph (TensorVariable in
// torch/_dynamo/variables/tensor.py): the graph node that produces it and its fake
// metadata (the example value Dynamo keeps in node.meta["example_value"]).
#pragma once

#include "core/fake/tensor_meta.h"
#include "core/vt/variable_tracker.h"

namespace dynrr::vt {

// Index of a node in the tracer's graph (core/tracer/proto_graph.h).
using NodeId = int32_t;

class TensorVariable final : public VariableTracker {
 public:
  TensorVariable(NodeId node, fake::TensorMeta meta, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kTensor, std::move(source), MutationType::kImmutable),
        node_(node),
        meta_(std::move(meta)) {}
  NodeId node() const { return node_; }
  const fake::TensorMeta& meta() const { return meta_; }
  // Dynamo renames a tensor's node after the first local it is stored to (set_name_hint).
  bool nameHintSet() const { return nameHintSet_; }
  void markNameHintSet() { nameHintSet_ = true; }
  std::string pythonTypeName() const override { return "Tensor"; }
  std::string describe() const override;

 private:
  NodeId node_;
  fake::TensorMeta meta_;
  bool nameHintSet_ = false;
};

// A symbolic Python int (SymNodeVariable): a graph node (a torch.SymInt input, or
// arithmetic on one), the value it had when recorded (its hint), and its sympy text as
// the recorder prints example values ("s86", "s24 + 1").
class SymIntVariable final : public VariableTracker {
 public:
  SymIntVariable(NodeId node, int64_t hint, std::string expr, SourcePtr source = nullptr)
      : VariableTracker(VtKind::kSymInt, std::move(source), MutationType::kImmutable),
        node_(node),
        hint_(hint),
        expr_(std::move(expr)) {}
  NodeId node() const { return node_; }
  int64_t hint() const { return hint_; }
  const std::string& expr() const { return expr_; }
  // A bare symbol ("s86"), not an expression over one.
  bool isSymbol() const { return expr_.find_first_not_of("s0123456789") == std::string::npos; }
  std::string pythonTypeName() const override { return "int"; }
  std::string describe() const override {
    return "SymInt " + expr_ + " (hint " + std::to_string(hint_) + ", node #" +
           std::to_string(node_) + ")";
  }

 private:
  NodeId node_;
  int64_t hint_;
  std::string expr_;
};

// "f32[2, 3] stride=(3, 1) offset=0 cpu requires_grad=False": the canonical
// example-value text that compare/decisions.h also produces from recorded metadata.
std::string canonicalMeta(const fake::TensorMeta& meta);

}  // namespace dynrr::vt
