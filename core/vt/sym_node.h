// sym_node.h — symbolic Python ints (torch/_dynamo/variables/tensor.py SymNodeVariable):
// a graph node (a torch.SymInt input, or arithmetic on one), its sympy expression in the
// frame's ShapeEnv (core/symbolic), the value it had when recorded (its hint) and the
// value fake tensors compute with (a size symbol's stand-in, see replay.cpp). Arithmetic
// (+, -, *) with ints and other SymInts makes call_function nodes whose example value is
// the expression; a comparison is evaluated by the shape env (a guard, a Python bool:
// SymNodeVariable.evaluate_expr); other operators are `unsupported` by name.
#pragma once

#include <string>

#include "core/symbolic/expr.h"
#include "core/vt/base.h"
#include "core/vt/tensor.h"

namespace dynrr::vt {

// A symbolic Python int (SymNodeVariable).
class SymIntVariable final : public VariableTracker {
 public:
  SymIntVariable(NodeId node, int64_t hint, symbolic::Expr expr, SourcePtr source = nullptr)
      : SymIntVariable(node, hint, hint, std::move(expr), std::move(source)) {}
  SymIntVariable(NodeId node, int64_t hint, int64_t fakeValue, symbolic::Expr expr,
                 SourcePtr source = nullptr)
      : VariableTracker(VtKind::kSymInt, std::move(source), MutationType::kImmutable),
        node_(node),
        hint_(hint),
        fakeValue_(fakeValue),
        expr_(std::move(expr)) {}
  NodeId node() const { return node_; }
  int64_t hint() const { return hint_; }
  // What fake tensors compute with: the hint, or for a size symbol its stand-in.
  int64_t fakeValue() const { return fakeValue_; }
  bool hasStandIn() const { return fakeValue_ != hint_; }
  const symbolic::Expr& expr() const { return expr_; }
  // A bare symbol ("s86"), not an expression over one.
  bool isSymbol() const { return expr_.asSymbol().has_value(); }
  std::string pythonTypeName() const override {
    return isBool_ ? "bool" : isFloat_ ? "float" : "int";
  }
  // A SymBool (a comparison of an unbacked symbol, not decided): its node and, as the
  // expression, the comparison's left side.
  bool isBool() const { return isBool_; }
  // SymNodeVariable.as_tensor's memo: the scalar_tensor node a SymFloat graph output
  // becomes (codegen), -1 before.
  NodeId asTensorNode() const { return asTensorNode_; }
  void setAsTensorNode(NodeId n) { asTensorNode_ = n; }
  void setBool() { isBool_ = true; }
  // A SymBool comparing a bare unbacked int symbol with an int (`u0 >= 2`, the symbol on
  // the left): that relation, which torch._check refines the symbol's range by.
  const std::optional<symbolic::Relation>& relation() const { return relation_; }
  void setRelation(symbolic::Relation r) { relation_ = std::move(r); }
  // An unbacked SymNodeVariable as a Python bool: evaluate_expr raises (data-dependent),
  // and the jump graph-breaks (generic_jump -> jump_graph_break).
  Expected<bool> boolValue(Tx& tx) override;
  // A SymFloat (an unbacked float of .item()): SymNodeVariable holds either.
  bool isFloat() const { return isFloat_; }
  void setFloat() { isFloat_ = true; }
  std::string describe() const override {
    return std::string(isFloat_ ? "SymFloat " : "SymInt ") + expr_.str() + " (hint " +
           std::to_string(hint_) + ", node #" + std::to_string(node_) + ")";
  }
  // `op` ("operator.add", ...) of this SymInt and `other`, the SymInt on the left when
  // `selfOnLeft`: arithmetic makes a node, a comparison a guarded Python bool.
  Expected<VtPtr> arith(Tx& tx, const std::string& op, const VtPtr& other, bool selfOnLeft);

 private:
  Expected<VtPtr> unbackedCompare(Tx& tx, const std::string& base, const VtPtr& other,
                                  bool selfOnLeft);

 public:
 private:
  NodeId node_;
  int64_t hint_;
  int64_t fakeValue_;
  symbolic::Expr expr_;
  bool isFloat_ = false;
  bool isBool_ = false;
  NodeId asTensorNode_ = -1;
  std::optional<symbolic::Relation> relation_;
};

}  // namespace dynrr::vt
