// sym_node.cpp — see sym_node.h (SymNodeVariable arithmetic with an int constant).
#include "core/vt/sym_node.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"

namespace dynrr::vt {

Expected<VtPtr> SymIntVariable::arith(Tx& tx, const std::string& op, const VtPtr& other,
                                      bool selfOnLeft) {
  const ConstantVariable* c = asConstant(other);
  bool intLike = c && (std::holds_alternative<int64_t>(c->value()) ||
                       std::holds_alternative<bool>(c->value()));
  if (!intLike)
    return unsupported(op + " of a dynamic int and a " + other->pythonTypeName() +
                       " (SymInt arithmetic beyond int constants is not modelled)");
  if (!isSymbol()) return unsupported("arithmetic on a SymInt expression (" + expr_ + ")");
  int64_t k = *c->asInt();
  std::string expr;
  int64_t hint = 0;
  std::string base = op.substr(op.find('.') + 1);
  auto signedTerm = [&](int64_t v, bool plus) {
    return std::string(plus ? " + " : " - ") + std::to_string(v > 0 ? v : -v);
  };
  if (base == "add" || base == "iadd") {
    hint = hint_ + k;
    expr = k == 0 ? expr_ : expr_ + signedTerm(k, k > 0);
  } else if ((base == "sub" || base == "isub") && selfOnLeft) {
    hint = hint_ - k;
    expr = k == 0 ? expr_ : expr_ + signedTerm(k, k < 0);
  } else if (base == "mul" || base == "imul") {
    hint = hint_ * k;
    if (k == 0 || k == 1) return unsupported("a SymInt multiplied by 0 or 1 (sympy folds it)");
    expr = std::to_string(k) + "*" + expr_;
  } else {
    return unsupported(op + " on a dynamic int (SymInt) is not modelled");
  }
  // `n += 1` on an int is a plain add (ints are immutable): operator.add in the graph.
  std::string target = "operator." + (base[0] == 'i' ? base.substr(1) : base);
  auto& out = tx.context().output;
  tracer::GraphArg mine = tracer::GraphArg::ofNode(node_);
  tracer::GraphArg theirs = tracer::GraphArg::ofConstant(c->value());
  NodeId node = out.callFunction(
      target, {selfOnLeft ? mine : theirs, selfOnLeft ? std::move(theirs) : std::move(mine)}, {});
  out.graph().node(node).symExpr = expr;
  return VtPtr(std::make_shared<SymIntVariable>(node, hint, expr));
}

}  // namespace dynrr::vt
