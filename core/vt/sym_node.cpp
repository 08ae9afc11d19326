// sym_node.cpp — see sym_node.h (SymNodeVariable arithmetic and comparisons, with
// ShapeEnv.evaluate_expr deciding a comparison).
#include "core/vt/sym_node.h"

#include <charconv>
#include <cmath>
#include <optional>

#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"

namespace dynrr::vt {

namespace {

int64_t pyFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

const std::map<std::string, symbolic::RelOp> kRelOps = {
    {"lt", symbolic::RelOp::kLt}, {"le", symbolic::RelOp::kLe}, {"gt", symbolic::RelOp::kGt},
    {"ge", symbolic::RelOp::kGe}, {"eq", symbolic::RelOp::kEq}, {"ne", symbolic::RelOp::kNe}};

// Python's repr of a float (sympy prints a Float made from one so: "0.5", "2.0").
std::optional<std::string> floatRepr(double v) {
  if (!(std::fabs(v) < 1e15)) return std::nullopt;
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  if (ec != std::errc()) return std::nullopt;
  std::string s(buf, end);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  if (s.find('e') != std::string::npos) return std::nullopt;
  return s;
}

}  // namespace

Expected<bool> SymIntVariable::boolValue(Tx& tx) {
  if (isBool_ || tx.context().output.shapeEnv().hasUnbacked(expr_))
    return tracer::graphBreak(tx, "Data-dependent branching",
                              "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`)");
  if (isFloat_)
    return unsupported("a backed SymFloat as a Python bool (its ToFloat guard is not modelled)");
  return VariableTracker::boolValue(tx);
}

// A comparison with an unbacked side: a SymBool node (SymNode's comparison magic:
// sympy Lt/Le/Gt/Ge/Eq/Ne, a reflected comparison turned around as Python does), whose
// example value prints as sympy prints it; nothing is guarded until it is used as a bool.
Expected<VtPtr> SymIntVariable::unbackedCompare(Tx& tx, const std::string& base, const VtPtr& other,
                                                bool selfOnLeft) {
  static const std::map<std::string, std::pair<std::string, const char*>> kFlip = {
      {"lt", {"gt", ">"}},  {"le", {"ge", ">="}}, {"gt", {"lt", "<"}},
      {"ge", {"le", "<="}}, {"eq", {"eq", "=="}}, {"ne", {"ne", "!="}}};
  static const std::map<std::string, const char*> kText = {
      {"lt", "<"}, {"le", "<="}, {"gt", ">"}, {"ge", ">="}, {"eq", "=="}, {"ne", "!="}};
  const auto* otherSym =
      other->kind() == VtKind::kSymInt ? static_cast<const SymIntVariable*>(other.get()) : nullptr;
  bool floatContext = isFloat_ || (otherSym && otherSym->isFloat());
  auto sideText = [&](const SymIntVariable& s) -> std::optional<std::string> {
    if (s.isFloat() && !s.isSymbol()) return std::nullopt;
    return s.expr().str();
  };
  std::optional<std::string> mine = sideText(*this), theirs;
  tracer::GraphArg theirArg;
  if (otherSym) {
    theirs = sideText(*otherSym);
    theirArg = tracer::GraphArg::ofNode(otherSym->node());
  } else if (const ConstantVariable* c = asConstant(other)) {
    if (auto i = c->asInt(); i && !std::holds_alternative<double>(c->value())) {
      theirs = floatContext ? floatRepr(static_cast<double>(*i)) : std::to_string(*i);
    } else if (const auto* d = std::get_if<double>(&c->value())) {
      theirs = floatRepr(*d);
    }
    theirArg = tracer::GraphArg::ofConstant(c->value());
  }
  if (!mine || !theirs)
    return unsupported("operator." + base + " of an unbacked symbol and a " +
                       other->pythonTypeName() + " (not modelled)");
  // `3 < n` is the node operator.lt(3, n), whose value is n.__gt__(3): the SymNode on
  // the left of the sympy relation.
  std::string op = base;
  const char* text = kText.at(base);
  bool symLeft = selfOnLeft;
  if (!selfOnLeft && !otherSym) {
    op = kFlip.at(base).first;
    text = kFlip.at(base).second;
    symLeft = true;
  }
  std::string l = symLeft ? *mine : *theirs, r = symLeft ? *theirs : *mine;
  std::string printed = op == "eq"   ? "Eq(" + l + ", " + r + ")"
                        : op == "ne" ? "Ne(" + l + ", " + r + ")"
                                     : l + " " + text + " " + r;
  auto& out = tx.context().output;
  tracer::GraphArg self = tracer::GraphArg::ofNode(node_);
  NodeId node = out.callFunction(
      "operator." + base,
      {selfOnLeft ? self : theirArg, selfOnLeft ? std::move(theirArg) : std::move(self)}, {});
  out.graph().node(node).symExpr = printed;
  auto v = std::make_shared<SymIntVariable>(node, 0, 1, expr_);
  v->setBool();
  static const std::map<std::string, symbolic::RelOp> kOps = {
      {"lt", symbolic::RelOp::kLt}, {"le", symbolic::RelOp::kLe}, {"gt", symbolic::RelOp::kGt},
      {"ge", symbolic::RelOp::kGe}, {"eq", symbolic::RelOp::kEq}, {"ne", symbolic::RelOp::kNe}};
  const ConstantVariable* c = otherSym ? nullptr : asConstant(other);
  if (c && symLeft && !isFloat_ && expr_.asSymbol() && c->asInt() &&
      std::holds_alternative<int64_t>(c->value()))
    v->setRelation({expr_, kOps.at(op), symbolic::Expr(*c->asInt())});
  return VtPtr(std::move(v));
}

namespace {

// A comparison's SymBool as sympy prints it: `s77 > 4`, `Eq(s77, 5)`, `Ne(s77, 5)`; a
// reflected `4 < n` is the SymInt's own __gt__ (`s77 > 4`).
std::string symBoolText(const symbolic::Relation& relation, bool reflected) {
  using symbolic::RelOp;
  symbolic::Relation shown = relation;
  if (reflected) {
    static const std::map<RelOp, RelOp> kMirror = {
        {RelOp::kLt, RelOp::kGt}, {RelOp::kGt, RelOp::kLt}, {RelOp::kLe, RelOp::kGe},
        {RelOp::kGe, RelOp::kLe}, {RelOp::kEq, RelOp::kEq}, {RelOp::kNe, RelOp::kNe}};
    shown = symbolic::Relation{relation.rhs, kMirror.at(relation.op), relation.lhs};
  }
  if (shown.op == RelOp::kEq || shown.op == RelOp::kNe)
    return std::string(shown.op == RelOp::kEq ? "Eq(" : "Ne(") + shown.lhs.str() + ", " +
           shown.rhs.str() + ")";
  return shown.python([](const std::string& s) { return s; });
}

}  // namespace

Expected<VtPtr> SymIntVariable::arith(Tx& tx, const std::string& op, const VtPtr& other,
                                      bool selfOnLeft) {
  // The other operand: an int constant or another SymInt.
  {
    std::string base = op.substr(op.find('.') + 1);
    const auto* os = other->kind() == VtKind::kSymInt
                         ? static_cast<const SymIntVariable*>(other.get())
                         : nullptr;
    const auto& env = tx.context().output.shapeEnv();
    bool unbacked = env.hasUnbacked(expr_) || (os && env.hasUnbacked(os->expr()));
    if (unbacked && !isBool_ && !(os && os->isBool()) && kRelOps.count(base))
      return unbackedCompare(tx, base, other, selfOnLeft);
  }
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
  if (isBool_ || (otherSym && otherSym->isBool()))
    return unsupported(op + " of a data-dependent SymBool (not modelled)");
  if (isFloat_ || (otherSym && otherSym->isFloat()))
    return unsupported(op +
                       " of a SymFloat (float() of a SymInt, or a float of .item(): sympy's "
                       "float arithmetic is not modelled)");
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
    out.graph().node(node).symExpr = symBoolText(relation, !selfOnLeft);
    bool decided = out.shapeEnv().assumedValue(relation).has_value();
    std::shared_ptr<const symbolic::ShapeEnv> before;
    if (!decided) before = std::make_shared<symbolic::ShapeEnv>(out.shapeEnv());
    bool value = out.shapeEnv().evaluate(relation);
    VtPtr result = ConstantVariable::make(value);
    // torch._check reads the node back; a reflected `3 < n` prints otherwise in sympy.
    tx.context().comparisonNodes[result.get()] = {
        result,  node,
        decided, !selfOnLeft,
        before,  before ? out.shapeEnv().fingerprint() : symbolic::ShapeEnv::Fingerprint{}};
    return result;
  }

  symbolic::Expr expr;
  int64_t hint = 0, fake = 0;
  // Python's ints do not overflow; a hint or stand-in past int64 (a hostile trace's, found
  // by the deep fuzzer under UBSan) is refused by name.
  auto overflow = [&]() {
    return unsupported(op + " of SymInts whose hint overflows int64 (not modelled)");
  };
  if (base == "add") {
    expr = l + r;
    if (__builtin_add_overflow(lh, rh, &hint) || __builtin_add_overflow(lf, rf, &fake))
      return overflow();
  } else if (base == "sub") {
    expr = l - r;
    if (__builtin_sub_overflow(lh, rh, &hint) || __builtin_sub_overflow(lf, rf, &fake))
      return overflow();
  } else if (base == "mul") {
    if (symbolic::Expr::productStaysUnexpanded(l, r))
      return unsupported(op + " of SymInts giving a product of a sum ((" + l.str() + ")*(" +
                         r.str() + ")), which sympy keeps unexpanded: not modelled");
    expr = l * r;
    if (__builtin_mul_overflow(lh, rh, &hint) || __builtin_mul_overflow(lf, rf, &fake))
      return overflow();
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
  // A result sympy folds to a constant (0 * s68) keeps its node, valued Sym(0). Its fake
  // value is the constant itself (no stand-in): a size computed from it is refused by
  // tensor_ops' checkSymIntArgs.
  if (expr.isConstant()) fake = hint = expr.constant();
  auto& out = tx.context().output;
  tracer::GraphArg mine = tracer::GraphArg::ofNode(node_);
  NodeId node = out.callFunction(
      "operator." + base,
      {selfOnLeft ? mine : theirs, selfOnLeft ? std::move(theirs) : std::move(mine)}, {});
  out.graph().node(node).symExpr = expr.str();
  out.graph().node(node).symValue = expr;
  // A result that sympy simplifies to a bound symbol (s * 1, 0 + s) keeps its node until
  // the hash-consing at the end (OutputGraph::applyReplacements) replaces it by the
  // symbol's placeholder, or leaves it (Sym(5)) when the shape env fixed the symbol.
  return VtPtr(std::make_shared<SymIntVariable>(node, hint, fake, std::move(expr)));
}

}  // namespace dynrr::vt
