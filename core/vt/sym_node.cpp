// sym_node.cpp — see sym_node.h (SymNodeVariable arithmetic and comparisons, with
// ShapeEnv.evaluate_expr deciding a comparison).
#include "core/vt/sym_node.h"

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"

namespace dynrr::vt {

namespace {

int64_t pyFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace

Expected<VtPtr> SymIntVariable::arith(Tx& tx, const std::string& op, const VtPtr& other,
                                      bool selfOnLeft) {
  // The other operand: an int constant or another SymInt.
  symbolic::Expr theirExpr;
  int64_t theirHint = 0, theirFake = 0;
  tracer::GraphArg theirs;
  const auto* otherSym =
      other->kind() == VtKind::kSymInt ? static_cast<const SymIntVariable*>(other.get()) : nullptr;
  if (otherSym) {
    theirExpr = otherSym->expr();
    theirHint = otherSym->hint();
    theirFake = otherSym->fakeValue();
    theirs = tracer::GraphArg::ofNode(otherSym->node());
  } else {
    const ConstantVariable* c = asConstant(other);
    bool intLike = c && (std::holds_alternative<int64_t>(c->value()) ||
                         std::holds_alternative<bool>(c->value()));
    if (!intLike)
      return unsupported(op + " of a SymInt and a " + other->pythonTypeName() +
                         " (SymInt arithmetic with ints and SymInts only is modelled)");
    theirHint = theirFake = *c->asInt();
    theirExpr = symbolic::Expr(theirHint);
    theirs = tracer::GraphArg::ofConstant(c->value());
  }
  std::string base = op.substr(op.find('.') + 1);
  if (base[0] == 'i' && base != "is_" && base != "is_not") base = base.substr(1);  // n += 1
  const symbolic::Expr& l = selfOnLeft ? expr_ : theirExpr;
  const symbolic::Expr& r = selfOnLeft ? theirExpr : expr_;
  int64_t lh = selfOnLeft ? hint_ : theirHint, rh = selfOnLeft ? theirHint : hint_;
  int64_t lf = selfOnLeft ? fakeValue_ : theirFake, rf = selfOnLeft ? theirFake : fakeValue_;

  // Comparisons: SymNodeVariable -> a SymBool, made a Python bool by evaluate_expr (a
  // shape guard unless the ranges decide it).
  static const std::map<std::string, symbolic::RelOp> kRel = {
      {"lt", symbolic::RelOp::kLt}, {"le", symbolic::RelOp::kLe}, {"gt", symbolic::RelOp::kGt},
      {"ge", symbolic::RelOp::kGe}, {"eq", symbolic::RelOp::kEq}, {"ne", symbolic::RelOp::kNe}};
  if (auto rel = kRel.find(base); rel != kRel.end()) {
    // The comparison is a node (a SymBool; dropped as SymInt compute when unused).
    auto& out = tx.context().output;
    tracer::GraphArg mine = tracer::GraphArg::ofNode(node_);
    NodeId node = out.callFunction(
        "operator." + base,
        {selfOnLeft ? mine : theirs, selfOnLeft ? std::move(theirs) : std::move(mine)}, {});
    symbolic::Relation relation{l, rel->second, r};
    out.graph().node(node).symExpr = relation.python([](const std::string& s) { return s; });
    bool value = out.shapeEnv().evaluate(relation);
    return ConstantVariable::make(value);
  }

  symbolic::Expr expr;
  int64_t hint = 0, fake = 0;
  if (base == "add") {
    expr = l + r;
    hint = lh + rh;
    fake = lf + rf;
  } else if (base == "sub") {
    expr = l - r;
    hint = lh - rh;
    fake = lf - rf;
  } else if (base == "mul") {
    if (symbolic::Expr::productStaysUnexpanded(l, r))
      return unsupported(op + " of SymInts giving a product of a sum ((" + l.str() + ")*(" +
                         r.str() + ")), which sympy keeps unexpanded: not modelled");
    expr = l * r;
    hint = lh * rh;
    fake = lf * rf;
  } else if (base == "floordiv" || base == "mod") {
    // _sympy_floordiv / SymNode.binary_magic_impl's mod: FloorDiv, Mod or PythonMod,
    // simplified as their eval does.
    if (rh == 0 || rf == 0) return unsupported(op + " of a SymInt by zero (ZeroDivisionError)");
    const symbolic::ShapeEnv& env = tx.context().output.shapeEnv();
    std::optional<symbolic::Expr> made;
    if (base == "floordiv") {
      made = symbolic::Expr::floorDiv(l, r, &env);
      hint = pyFloorDiv(lh, rh);
      fake = pyFloorDiv(lf, rf);
    } else {
      // SymNode's binary magic for mod: Mod when each side is non-negative by its
      // assumptions or by the shape env's ranges (bound_sympy), else PythonMod.
      auto nonNeg = [&](const symbolic::Expr& e) {
        return e.knownNonNegative(&env) ||
               env.knownValue({e, symbolic::RelOp::kGe, symbolic::Expr(0)}) == true;
      };
      bool python = !(nonNeg(l) && nonNeg(r));
      made = symbolic::Expr::mod(l, r, python, &env);
      hint = lh - pyFloorDiv(lh, rh) * rh;
      fake = lf - pyFloorDiv(lf, rf) * rf;
    }
    if (!made)
      return unsupported(op + " of SymInts that sympy cannot simplify here (" + l.str() + ", " +
                         r.str() + ": an Add divisor or a negative Mod argument)");
    expr = *made;
  } else {
    return unsupported(op +
                       " on a SymInt (true division, powers and bit operations of symbolic "
                       "ints are not modelled)");
  }
  if (expr.isConstant())
    return unsupported(op + " of SymInts whose result sympy folds to a constant");
  auto& out = tx.context().output;
  tracer::GraphArg mine = tracer::GraphArg::ofNode(node_);
  NodeId node = out.callFunction(
      "operator." + base,
      {selfOnLeft ? mine : theirs, selfOnLeft ? std::move(theirs) : std::move(mine)}, {});
  out.graph().node(node).symExpr = expr.str();
  out.graph().node(node).symValue = expr;
  // A result that sympy simplifies to a bound symbol (s * 1, 0 + s) is that symbol's
  // placeholder (OutputGraph.bound_symbols); the new node is then unused and dropped.
  if (auto sym = expr.asSymbol()) {
    if (auto bound = tx.context().symbolNodes.find(*sym); bound != tx.context().symbolNodes.end())
      node = bound->second;
  }
  return VtPtr(std::make_shared<SymIntVariable>(node, hint, fake, std::move(expr)));
}

}  // namespace dynrr::vt
