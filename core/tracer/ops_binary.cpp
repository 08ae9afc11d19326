// ops_binary.cpp — operators and subscripts (symbolic_convert.py BINARY_OP,
// COMPARE_OP, IS_OP, CONTAINS_OP, UNARY_*, BINARY_SUBSCR, all routed through
// BuiltinVariable(operator.X).call_function as Dynamo does): tensors become graph
// calls of `operator.X`; constants are folded with Python's semantics.
#include <cmath>
#include <limits>

#include "core/tracer/ops.h"

namespace dynrr::tracer {
namespace {

const char* kBinaryOps[] = {"add", "and_", "floordiv", "lshift", "matmul",  "mul", "mod",
                            "or_", "pow",  "rshift",   "sub",    "truediv", "xor"};
const char* kInplaceOps[] = {"iadd", "iand", "ifloordiv", "ilshift", "imatmul",  "imul", "imod",
                             "ior",  "ipow", "irshift",   "isub",    "itruediv", "ixor"};

using vt::ConstantVariable;

ConstantVariable* asConst(const VtPtr& v) {
  return v->kind() == vt::VtKind::kConstant ? static_cast<ConstantVariable*>(v.get()) : nullptr;
}

bool isIntLike(const ConstantVariable* c) {
  return std::holds_alternative<int64_t>(c->value()) || std::holds_alternative<bool>(c->value());
}

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

double pyFmod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0 && ((m < 0) != (b < 0))) m += b;
  return m;
}

// Folds a binary operator over two numeric constants, Python's way.
Expected<VtPtr> foldNumeric(const std::string& op, const ConstantVariable* a,
                            const ConstantVariable* b) {
  std::string base = op.substr(std::string("operator.").size());
  if (base.size() > 1 && base[0] == 'i' && base != "is_" && base != "is_not") base = base.substr(1);
  bool ints = isIntLike(a) && isIntLike(b);
  auto an = a->asNumber(), bn = b->asNumber();
  if (!an || !bn)
    return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
  if (ints) {
    int64_t x = *a->asInt(), y = *b->asInt();
    int64_t r = 0;
    if (base == "add") {
      if (__builtin_add_overflow(x, y, &r)) return unsupported("int overflow beyond 64 bits");
    } else if (base == "sub") {
      if (__builtin_sub_overflow(x, y, &r)) return unsupported("int overflow beyond 64 bits");
    } else if (base == "mul") {
      if (__builtin_mul_overflow(x, y, &r)) return unsupported("int overflow beyond 64 bits");
    } else if (base == "floordiv" || base == "mod") {
      if (y == 0) return unsupported("integer division by zero (ZeroDivisionError path)");
      int64_t q = floorDiv(x, y);
      r = base == "floordiv" ? q : x - q * y;
    } else if (base == "truediv") {
      if (y == 0) return unsupported("division by zero (ZeroDivisionError path)");
      return ConstantVariable::make(static_cast<double>(x) / static_cast<double>(y));
    } else if (base == "pow") {
      if (y < 0)
        return ConstantVariable::make(std::pow(static_cast<double>(x), static_cast<double>(y)));
      r = 1;
      for (int64_t i = 0; i < y; ++i) {
        if (__builtin_mul_overflow(r, x, &r)) return unsupported("int overflow beyond 64 bits");
      }
    } else if (base == "and_") {
      r = x & y;
    } else if (base == "or_") {
      r = x | y;
    } else if (base == "xor") {
      r = x ^ y;
    } else if (base == "lshift") {
      if (y < 0 || y > 62) return unsupported("shift count out of modelled range");
      r = x << y;
    } else if (base == "rshift") {
      if (y < 0) return unsupported("negative shift count");
      r = y > 63 ? (x < 0 ? -1 : 0) : x >> y;
    } else if (base == "lt" || base == "le" || base == "gt" || base == "ge" || base == "eq" ||
               base == "ne") {
      bool res = base == "lt"   ? x < y
                 : base == "le" ? x <= y
                 : base == "gt" ? x > y
                 : base == "ge" ? x >= y
                 : base == "eq" ? x == y
                                : x != y;
      return ConstantVariable::make(res);
    } else {
      return unsupported(op + " on ints");
    }
    bool bothBool =
        std::holds_alternative<bool>(a->value()) && std::holds_alternative<bool>(b->value());
    if (bothBool && (base == "and_" || base == "or_" || base == "xor"))
      return ConstantVariable::make(r != 0);
    return ConstantVariable::make(r);
  }
  double x = *an, y = *bn;
  if (base == "add") return ConstantVariable::make(x + y);
  if (base == "sub") return ConstantVariable::make(x - y);
  if (base == "mul") return ConstantVariable::make(x * y);
  if (base == "truediv") {
    if (y == 0) return unsupported("float division by zero (ZeroDivisionError path)");
    return ConstantVariable::make(x / y);
  }
  if (base == "floordiv") {
    if (y == 0) return unsupported("float floor division by zero");
    return ConstantVariable::make(std::floor(x / y));
  }
  if (base == "mod") {
    if (y == 0) return unsupported("float modulo by zero");
    return ConstantVariable::make(pyFmod(x, y));
  }
  if (base == "pow") return ConstantVariable::make(std::pow(x, y));
  if (base == "lt") return ConstantVariable::make(x < y);
  if (base == "le") return ConstantVariable::make(x <= y);
  if (base == "gt") return ConstantVariable::make(x > y);
  if (base == "ge") return ConstantVariable::make(x >= y);
  if (base == "eq") return ConstantVariable::make(x == y);
  if (base == "ne") return ConstantVariable::make(x != y);
  return unsupported(op + " on floats");
}

// The indices a slice of a constant-bounds SliceVariable picks from a sequence of n
// items (PySlice_AdjustIndices + the slice walk).
Expected<std::vector<int64_t>> sliceIndices(const vt::SliceVariable& sl, int64_t n) {
  auto step = [&]() -> std::optional<int64_t> {
    auto* cv = asConst(sl.step());
    if (cv && cv->isNone()) return 1;
    if (cv && cv->asInt()) return *cv->asInt();
    return std::nullopt;
  }();
  if (!step || *step == 0) return unsupported("slice step of a sequence");
  int64_t lower = *step > 0 ? 0 : -1, upper = *step > 0 ? n : n - 1;
  auto adjust = [&](const VtPtr& v, int64_t dflt) -> std::optional<int64_t> {
    auto* cv = asConst(v);
    if (cv && cv->isNone()) return dflt;
    if (!cv || !cv->asInt()) return std::nullopt;
    int64_t x = *cv->asInt();
    if (x < 0) {
      x += n;
      if (x < lower) x = lower;
    } else if (x > upper) {
      x = upper;
    }
    return x;
  };
  auto b = adjust(sl.start(), *step > 0 ? lower : upper);
  auto e = adjust(sl.stop(), *step > 0 ? upper : lower);
  if (!b || !e) return unsupported("non-constant slice bounds");
  std::vector<int64_t> out;
  for (int64_t k = *b; *step > 0 ? k < *e : k > *e; k += *step) {
    if (k >= 0 && k < n) out.push_back(k);
  }
  return out;
}

}  // namespace

// Python equality of two realised constant-like trackers; nullopt if not modelled.
std::optional<bool> constEquals(const VtPtr& a, const VtPtr& b) {
  auto* ca = asConst(a);
  auto* cb = asConst(b);
  if (ca && cb) {
    auto an = ca->asNumber(), bn = cb->asNumber();
    if (an && bn) return *an == *bn;
    return ca->value() == cb->value();
  }
  auto* sa = dynamic_cast<vt::SequenceVariable*>(a.get());
  auto* sb = dynamic_cast<vt::SequenceVariable*>(b.get());
  if (sa && sb) {
    if (sa->items().size() != sb->items().size()) return false;
    for (size_t i = 0; i < sa->items().size(); ++i) {
      auto e = constEquals(sa->items()[i], sb->items()[i]);
      if (!e || !*e) return e;
    }
    return true;
  }
  return std::nullopt;
}

bool Ops::anyTensor(const std::vector<VtPtr>& args,
                    const std::vector<std::pair<std::string, VtPtr>>& kwargs) {
  for (const auto& a : args) {
    if (a->kind() == vt::VtKind::kTensor) return true;
  }
  for (const auto& kv : kwargs) {
    if (kv.second->kind() == vt::VtKind::kTensor) return true;
  }
  return false;
}

Expected<VtPtr> Ops::applyOperator(InstructionTranslator& tx, const std::string& op,
                                   std::vector<VtPtr> args) {
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  if (anyTensor(args, {})) return tensorCall(tx, false, op, op, std::move(args), {});
  if (args.size() == 2 &&
      (args[0]->kind() == vt::VtKind::kSymInt || args[1]->kind() == vt::VtKind::kSymInt))
    return symIntArith(tx, op, args[0], args[1]);
  if (args.size() == 1) {
    auto* c = asConst(args[0]);
    if (!c || !c->asNumber()) return unsupported(op + " on " + args[0]->pythonTypeName());
    if (op == "operator.neg") {
      if (isIntLike(c)) return ConstantVariable::make(-*c->asInt());
      return ConstantVariable::make(-*c->asNumber());
    }
    if (op == "operator.pos") return args[0];
    // operator.index(i) of an int (or bool) is the int itself.
    if (op == "operator.index" && isIntLike(c)) return ConstantVariable::make(*c->asInt());
    if (op == "operator.invert" && isIntLike(c)) return ConstantVariable::make(~*c->asInt());
    return unsupported(op + " on " + args[0]->pythonTypeName());
  }
  if (args.size() != 2) return Error("internal: operator arity");
  const VtPtr& a = args[0];
  const VtPtr& b = args[1];
  std::string base = op.substr(9);
  if (base == "eq" || base == "ne") {
    auto e = constEquals(a, b);
    if (!e) return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
    return ConstantVariable::make(base == "eq" ? *e : !*e);
  }
  auto* ca = asConst(a);
  auto* cb = asConst(b);
  if (ca && cb) {
    auto* sa = std::get_if<std::string>(&ca->value());
    auto* sb = std::get_if<std::string>(&cb->value());
    if (sa && sb && (base == "add" || base == "iadd")) return ConstantVariable::make(*sa + *sb);
    if (sa && sb && (base == "lt" || base == "le" || base == "gt" || base == "ge")) {
      int cmp = sa->compare(*sb);  // Python compares str by code point; UTF-8 bytes order the same
      bool r = base == "lt" ? cmp < 0 : base == "le" ? cmp <= 0 : base == "gt" ? cmp > 0 : cmp >= 0;
      return ConstantVariable::make(r);
    }
    return foldNumeric(op, ca, cb);
  }
  // Sequence concatenation and repetition.
  auto* sa = dynamic_cast<vt::SequenceVariable*>(a.get());
  auto* sb = dynamic_cast<vt::SequenceVariable*>(b.get());
  if (sa && sb && (base == "add" || base == "iadd") && sa->kind() == sb->kind()) {
    std::vector<VtPtr> items = sa->items();
    items.insert(items.end(), sb->items().begin(), sb->items().end());
    if (sa->kind() == vt::VtKind::kList) {
      if (base == "iadd" && sa->isMutable()) {
        if (sa->mutationType() == vt::MutationType::kValueMutationExisting) {
          return unsupported(
              "in-place extend of a pre-existing list (side effects are core part 2)");
        }
        sa->mutableItems() = items;
        return a;
      }
      return vt::makeList(std::move(items));
    }
    return sa->kind() == vt::VtKind::kSize ? vt::makeSize(std::move(items))
                                           : vt::makeTuple(std::move(items));
  }
  if (sa && cb && base == "mul" && cb->asInt()) {
    std::vector<VtPtr> items;
    for (int64_t i = 0; i < *cb->asInt(); ++i)
      items.insert(items.end(), sa->items().begin(), sa->items().end());
    return sa->kind() == vt::VtKind::kList ? vt::makeList(std::move(items))
                                           : vt::makeTuple(std::move(items));
  }
  return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
}

Status Ops::binaryOp() {
  auto b = tx.pop();
  if (!b) return b.error();
  auto a = tx.pop();
  if (!a) return a.error();
  if (inst.arg < 0 || inst.arg > 25)
    return Error("bad bytecode: BINARY_OP " + std::to_string(inst.arg));
  std::string op = std::string("operator.") +
                   (inst.arg < 13 ? kBinaryOps[inst.arg] : kInplaceOps[inst.arg - 13]);
  auto r = applyOperator(tx, op, {*a, *b});
  if (!r) return r.error();
  tx.push(*r);
  return Status::success();
}

Status Ops::compareOp() {
  auto b = tx.pop();
  if (!b) return b.error();
  auto a = tx.pop();
  if (!a) return a.error();
  static const std::pair<const char*, const char*> kOps[] = {
      {"<", "lt"}, {"<=", "le"}, {"==", "eq"}, {"!=", "ne"}, {">", "gt"}, {">=", "ge"}};
  for (auto [sym, name] : kOps) {
    if (inst.text == sym) {
      auto r = applyOperator(tx, std::string("operator.") + name, {*a, *b});
      if (!r) return r.error();
      tx.push(*r);
      return Status::success();
    }
  }
  return Error("bad bytecode: COMPARE_OP " + inst.text);
}

Status Ops::isOp() {
  auto b = tx.pop();
  if (!b) return b.error();
  auto a = tx.pop();
  if (!a) return a.error();
  auto ra = tx.realize(*a);
  if (!ra) return ra.error();
  auto rb = tx.realize(*b);
  if (!rb) return rb.error();
  bool same;
  auto* ca = asConst(*ra);
  auto* cb = asConst(*rb);
  if (ca && cb) {
    same = ca->value().index() == cb->value().index() && ca->value() == cb->value();
  } else if (ca || cb) {
    same = false;  // a constant is never the same object as a tensor, list, function...
  } else if (ra->get() == rb->get()) {
    same = true;
  } else {
    return unsupported("`is` between two " + (*ra)->pythonTypeName() + " values");
  }
  tx.push(ConstantVariable::make(inst.arg == 1 ? !same : same));
  return Status::success();
}

void Ops::dictContainsGuard(InstructionTranslator& tx, const VtPtr& dict, const VtPtr& key,
                            bool contains) {
  if (!dict->source() || tx.ctx_.sideEffects.isModified(dict.get())) return;
  if (key->source()) {
    // A key with a source: present, its (constant) key is realised; absent, the whole
    // key set is guarded.
    if (!contains) tx.ctx_.output.addGuard(GuardKind::DICT_KEYS_MATCH, dict->source()->name());
    return;
  }
  tx.ctx_.output.addGuard(contains ? GuardKind::DICT_CONTAINS : GuardKind::DICT_NOT_CONTAINS,
                          dict->source()->name());
}

Status Ops::containsOp() {
  auto container = tx.pop();
  if (!container) return container.error();
  auto item = tx.pop();
  if (!item) return item.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  auto x = tx.realize(*item);
  if (!x) return x.error();
  bool found = false;
  if (auto* seq = dynamic_cast<vt::SequenceVariable*>(c->get())) {
    for (const auto& e : seq->items()) {
      auto re = tx.realize(e);
      if (!re) return re.error();
      auto eq = constEquals(*re, *x);
      if (!eq) return unsupported("`in` over values of type " + (*re)->pythonTypeName());
      if (*eq) found = true;
    }
  } else if (auto* set = dynamic_cast<vt::SetVariable*>(c->get())) {
    found = setIndex(*set, *x).has_value();
  } else if (auto* dict = dynamic_cast<vt::DictVariable*>(c->get())) {
    for (const auto& [k, v] : dict->entries()) {
      auto eq = constEquals(k, *x);
      if (eq && *eq) found = true;
    }
    if ((*x)->kind() != vt::VtKind::kConstant)
      return unsupported("`in` on a dict with a " + (*x)->pythonTypeName() + " key");
    dictContainsGuard(tx, *c, *x, found);
  } else {
    return unsupported("`in` on " + (*c)->pythonTypeName());
  }
  tx.push(ConstantVariable::make(inst.arg == 1 ? !found : found));
  return Status::success();
}

Status Ops::unary(const std::string& op) {
  auto a = tx.pop();
  if (!a) return a.error();
  auto r = applyOperator(tx, op, {*a});
  if (!r) return r.error();
  tx.push(*r);
  return Status::success();
}

Status Ops::unaryNot() {
  auto a = tx.pop();
  if (!a) return a.error();
  auto r = tx.realize(*a);
  if (!r) return r.error();
  auto t = truthiness(tx, *r);
  if (!t) return t.error();
  tx.push(ConstantVariable::make(!*t));
  return Status::success();
}

// SymNodeVariable arithmetic with a constant int: a call_function node whose example
// value is the sympy expression ("s24 + 1", "s24 - 1", "2*s24"). Two SymInts, other
// operators and anything that would compare or branch on the value are not modelled.
Expected<VtPtr> Ops::symIntArith(InstructionTranslator& tx, const std::string& op, const VtPtr& a,
                                 const VtPtr& b) {
  const bool leftSym = a->kind() == vt::VtKind::kSymInt;
  const VtPtr& symV = leftSym ? a : b;
  const VtPtr& other = leftSym ? b : a;
  auto* c = asConst(other);
  if (!c || !isIntLike(c) || other->kind() == vt::VtKind::kSymInt)
    return unsupported(op + " of a dynamic int and a " + other->pythonTypeName() +
                       " (SymInt arithmetic beyond int constants is not modelled)");
  const auto& sv = static_cast<const vt::SymIntVariable&>(*symV);
  if (!sv.isSymbol()) return unsupported("arithmetic on a SymInt expression (" + sv.expr() + ")");
  int64_t k = *c->asInt();
  std::string expr;
  int64_t hint = 0;
  std::string base = op.substr(op.find('.') + 1);
  if (base == "add" || base == "iadd") {
    hint = sv.hint() + k;
    expr =
        k == 0 ? sv.expr() : sv.expr() + (k > 0 ? " + " : " - ") + std::to_string(k > 0 ? k : -k);
  } else if ((base == "sub" || base == "isub") && leftSym) {
    hint = sv.hint() - k;
    expr =
        k == 0 ? sv.expr() : sv.expr() + (k > 0 ? " - " : " + ") + std::to_string(k > 0 ? k : -k);
  } else if (base == "mul" || base == "imul") {
    hint = sv.hint() * k;
    if (k == 0 || k == 1) return unsupported("a SymInt multiplied by 0 or 1 (sympy folds it)");
    expr = std::to_string(k) + "*" + sv.expr();
  } else {
    return unsupported(op + " on a dynamic int (SymInt) is not modelled");
  }
  // `n += 1` on an int is a plain add (ints are immutable): operator.add in the graph.
  std::string target = "operator." + (base[0] == 'i' ? base.substr(1) : base);
  NodeId node = tx.ctx_.output.callFunction(
      target,
      {leftSym ? GraphArg::ofNode(sv.node()) : GraphArg::ofConstant(c->value()),
       leftSym ? GraphArg::ofConstant(c->value()) : GraphArg::ofNode(sv.node())},
      {});
  tx.ctx_.output.graph().node(node).symExpr = expr;
  return VtPtr(std::make_shared<vt::SymIntVariable>(node, hint, expr));
}

Status Ops::binarySubscr() {
  auto index = tx.pop();
  if (!index) return index.error();
  auto container = tx.pop();
  if (!container) return container.error();
  auto c = tx.realize(*container);
  if (!c) return c.error();
  if ((*c)->kind() == vt::VtKind::kUserObject) {
    // operator.getitem on a user object calls its __getitem__ (call_method).
    auto m = getAttr(tx, *c, "__getitem__");
    if (!m) return m.error();
    auto r = callFunction(tx, *m, {*index}, {});
    if (!r) return r.error();
    tx.push(*r);
    return Status::success();
  }
  auto i = tx.realize(*index);
  if (!i) return i.error();
  if ((*c)->kind() == vt::VtKind::kTensor) {
    auto r = tensorCall(tx, false, "operator.getitem", "operator.getitem", {*c, *i}, {});
    if (!r) return r.error();
    tx.push(*r);
    return Status::success();
  }
  if (auto* cs = asConst(*c); cs && std::holds_alternative<std::string>(cs->value())) {
    // A constant str (ASCII: one byte, one code point) indexed or sliced.
    const std::string& str = std::get<std::string>(cs->value());
    for (unsigned char ch : str)
      if (ch >= 0x80) return unsupported("indexing a non-ASCII str");
    int64_t n = static_cast<int64_t>(str.size());
    if (auto* ci = asConst(*i); ci && ci->asInt()) {
      int64_t k = *ci->asInt() < 0 ? *ci->asInt() + n : *ci->asInt();
      if (k < 0 || k >= n) return unsupported("string index out of range (IndexError path)");
      tx.push(ConstantVariable::make(std::string(1, str[static_cast<size_t>(k)])));
      return Status::success();
    }
    if (auto* sl = dynamic_cast<vt::SliceVariable*>(i->get())) {
      auto picked = sliceIndices(*sl, n);
      if (!picked) return picked.error();
      std::string out;
      for (int64_t k : *picked) out += str[static_cast<size_t>(k)];
      tx.push(ConstantVariable::make(out));
      return Status::success();
    }
    return unsupported("str index of type " + (*i)->pythonTypeName());
  }
  if (auto* seq = dynamic_cast<vt::SequenceVariable*>(c->get())) {
    const auto& items = seq->items();
    int64_t n = static_cast<int64_t>(items.size());
    if (auto* ci = asConst(*i); ci && ci->asInt()) {
      int64_t k = *ci->asInt();
      if (k < 0) k += n;
      if (k < 0 || k >= n) return unsupported("index out of range (IndexError path)");
      tx.push(items[static_cast<size_t>(k)]);
      return Status::success();
    }
    if (auto* sl = dynamic_cast<vt::SliceVariable*>(i->get())) {
      auto picked = sliceIndices(*sl, n);
      if (!picked) return picked.error();
      std::vector<VtPtr> out;
      for (int64_t k : *picked) out.push_back(items[static_cast<size_t>(k)]);
      VtPtr result = seq->kind() == vt::VtKind::kList   ? vt::makeList(std::move(out))
                     : seq->kind() == vt::VtKind::kSize ? vt::makeSize(std::move(out))
                                                        : vt::makeTuple(std::move(out));
      tx.push(result);
      return Status::success();
    }
    return unsupported("sequence index of type " + (*i)->pythonTypeName());
  }
  if (auto* dict = dynamic_cast<vt::DictVariable*>(c->get())) {
    for (const auto& [k, v] : dict->entries()) {
      auto eq = constEquals(k, *i);
      if (eq && *eq) {
        tx.push(v);
        return Status::success();
      }
    }
    return unsupported("missing dict key (KeyError path)");
  }
  if (auto* range = dynamic_cast<vt::RangeVariable*>(c->get())) {
    auto* ci = asConst(*i);
    if (ci && ci->asInt()) {
      int64_t k = *ci->asInt();
      if (k < 0) k += range->length();
      if (k < 0 || k >= range->length()) return unsupported("range index out of range");
      tx.push(ConstantVariable::make(range->at(k)));
      return Status::success();
    }
  }
  return unsupported("subscript of " + (*c)->pythonTypeName());
}

}  // namespace dynrr::tracer
