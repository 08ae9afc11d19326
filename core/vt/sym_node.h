// sym_node.h — symbolic Python ints (torch/_dynamo/variables/tensor.py SymNodeVariable):
// a graph node (a torch.SymInt input, or arithmetic on one), the value it had when
// recorded (its hint), and its sympy text as the recorder prints example values. Only
// arithmetic with int constants is modelled (a call_function node whose example value
// is the sympy expression); a second SymInt, other operators, comparisons and branching
// on the value are `unsupported` by name.
#pragma once

#include <string>

#include "core/vt/base.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {

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
  // `op` ("operator.add", ...) of this SymInt and `other`, the SymInt on the left when
  // `selfOnLeft`.
  Expected<VtPtr> arith(Tx& tx, const std::string& op, const VtPtr& other, bool selfOnLeft);

 private:
  NodeId node_;
  int64_t hint_;
  std::string expr_;
};

}  // namespace dynrr::vt
