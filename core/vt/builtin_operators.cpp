// builtin_operators.cpp — Python operators (BuiltinVariable for operator.add, lt, neg,
// ...; torch/_dynamo/variables/builtin.py _binop handlers and constant folding): tensors
// become graph calls of `operator.X`; SymInts become SymNodeVariable arithmetic;
// constants are folded with Python's semantics; sequences concatenate and repeat.
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/data_ptr.h"
#include "core/vt/dicts.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/numpy_ndarray.h"
#include "core/vt/sets.h"
#include "core/vt/sym_node.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

ConstantVariable* asConst(const VtPtr& v) {
  return v->kind() == VtKind::kConstant ? static_cast<ConstantVariable*>(v.get()) : nullptr;
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

using IntFold = Expected<VtPtr> (*)(int64_t x, int64_t y);
using FloatFold = Expected<VtPtr> (*)(double x, double y);

Error intOverflow() { return unsupported("int overflow beyond 64 bits"); }
VtPtr boolean(bool b) { return ConstantVariable::make(b); }

// Python's int operators (Python ints are unbounded: results past 64 bits are refused).
const std::unordered_map<std::string, IntFold>& intFolds() {
  static const std::unordered_map<std::string, IntFold> kTable = {
      {"add",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         int64_t r;
         if (__builtin_add_overflow(x, y, &r)) return intOverflow();
         return ConstantVariable::make(r);
       }},
      {"sub",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         int64_t r;
         if (__builtin_sub_overflow(x, y, &r)) return intOverflow();
         return ConstantVariable::make(r);
       }},
      {"mul",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         int64_t r;
         if (__builtin_mul_overflow(x, y, &r)) return intOverflow();
         return ConstantVariable::make(r);
       }},
      {"floordiv",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         if (y == 0) return unsupported("integer division by zero (ZeroDivisionError path)");
         return ConstantVariable::make(floorDiv(x, y));
       }},
      {"mod",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         if (y == 0) return unsupported("integer division by zero (ZeroDivisionError path)");
         return ConstantVariable::make(x - floorDiv(x, y) * y);
       }},
      {"truediv",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         if (y == 0) return unsupported("division by zero (ZeroDivisionError path)");
         return ConstantVariable::make(static_cast<double>(x) / static_cast<double>(y));
       }},
      {"pow",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         if (y < 0)
           return ConstantVariable::make(std::pow(static_cast<double>(x), static_cast<double>(y)));
         // Square and multiply: y can be as large as int64 allows.
         int64_t r = 1, base = x;
         for (int64_t e = y; e > 0; e >>= 1) {
           if ((e & 1) && __builtin_mul_overflow(r, base, &r)) return intOverflow();
           if (e > 1 && __builtin_mul_overflow(base, base, &base)) return intOverflow();
         }
         return ConstantVariable::make(r);
       }},
      {"and_",
       [](int64_t x, int64_t y) -> Expected<VtPtr> { return ConstantVariable::make(x & y); }},
      {"or_",
       [](int64_t x, int64_t y) -> Expected<VtPtr> { return ConstantVariable::make(x | y); }},
      {"xor",
       [](int64_t x, int64_t y) -> Expected<VtPtr> { return ConstantVariable::make(x ^ y); }},
      {"lshift",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         if (y < 0 || y > 62) return unsupported("shift count out of modelled range");
         return ConstantVariable::make(x << y);
       }},
      {"rshift",
       [](int64_t x, int64_t y) -> Expected<VtPtr> {
         if (y < 0) return unsupported("negative shift count");
         return ConstantVariable::make(y > 63 ? (x < 0 ? -1 : 0) : x >> y);
       }},
      {"lt", [](int64_t x, int64_t y) -> Expected<VtPtr> { return boolean(x < y); }},
      {"le", [](int64_t x, int64_t y) -> Expected<VtPtr> { return boolean(x <= y); }},
      {"gt", [](int64_t x, int64_t y) -> Expected<VtPtr> { return boolean(x > y); }},
      {"ge", [](int64_t x, int64_t y) -> Expected<VtPtr> { return boolean(x >= y); }},
      {"eq", [](int64_t x, int64_t y) -> Expected<VtPtr> { return boolean(x == y); }},
      {"ne", [](int64_t x, int64_t y) -> Expected<VtPtr> { return boolean(x != y); }},
  };
  return kTable;
}

// Python's float operators.
const std::unordered_map<std::string, FloatFold>& floatFolds() {
  static const std::unordered_map<std::string, FloatFold> kTable = {
      {"add", [](double x, double y) -> Expected<VtPtr> { return ConstantVariable::make(x + y); }},
      {"sub", [](double x, double y) -> Expected<VtPtr> { return ConstantVariable::make(x - y); }},
      {"mul", [](double x, double y) -> Expected<VtPtr> { return ConstantVariable::make(x * y); }},
      {"truediv",
       [](double x, double y) -> Expected<VtPtr> {
         if (y == 0) return unsupported("float division by zero (ZeroDivisionError path)");
         return ConstantVariable::make(x / y);
       }},
      {"floordiv",
       [](double x, double y) -> Expected<VtPtr> {
         if (y == 0) return unsupported("float floor division by zero");
         return ConstantVariable::make(std::floor(x / y));
       }},
      {"mod",
       [](double x, double y) -> Expected<VtPtr> {
         if (y == 0) return unsupported("float modulo by zero");
         return ConstantVariable::make(pyFmod(x, y));
       }},
      {"pow",
       [](double x, double y) -> Expected<VtPtr> {
         return ConstantVariable::make(std::pow(x, y));
       }},
      {"lt", [](double x, double y) -> Expected<VtPtr> { return boolean(x < y); }},
      {"le", [](double x, double y) -> Expected<VtPtr> { return boolean(x <= y); }},
      {"gt", [](double x, double y) -> Expected<VtPtr> { return boolean(x > y); }},
      {"ge", [](double x, double y) -> Expected<VtPtr> { return boolean(x >= y); }},
      {"eq", [](double x, double y) -> Expected<VtPtr> { return boolean(x == y); }},
      {"ne", [](double x, double y) -> Expected<VtPtr> { return boolean(x != y); }},
  };
  return kTable;
}

// The operator's name without "operator." and without the in-place "i" (iadd -> add).
std::string baseOperator(const std::string& op) {
  std::string base = op.substr(std::string("operator.").size());
  if (base.size() > 1 && base[0] == 'i' && base.rfind("is_", 0) != 0) base = base.substr(1);
  // operator.ior / operator.iand are the in-place forms of or_ / and_.
  if (base == "or" || base == "and") base += "_";
  return base;
}

// Folds a binary operator over two numeric constants, Python's way: ints (and bools)
// with int semantics (a bitwise operator on two bools gives a bool), else floats.
Expected<VtPtr> foldNumeric(const std::string& op, const ConstantVariable* a,
                            const ConstantVariable* b) {
  std::string base = baseOperator(op);
  auto an = a->asNumber(), bn = b->asNumber();
  if (!an || !bn)
    return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
  if (isIntLike(a) && isIntLike(b)) {
    auto f = intFolds().find(base);
    if (f == intFolds().end()) return unsupported(op + " on ints");
    auto r = f->second(*a->asInt(), *b->asInt());
    bool bothBool =
        std::holds_alternative<bool>(a->value()) && std::holds_alternative<bool>(b->value());
    static const std::unordered_set<std::string> kBitwise = {"and_", "or_", "xor"};
    if (r && bothBool && kBitwise.count(base))
      return ConstantVariable::make(*asConstant(*r)->asInt() != 0);
    return r;
  }
  auto f = floatFolds().find(base);
  if (f == floatFolds().end()) return unsupported(op + " on floats");
  return f->second(*an, *bn);
}

}  // namespace

// Python equality of two realised constant-like trackers; nullopt if not modelled.
std::optional<bool> constEquals(const VtPtr& a, const VtPtr& b) {
  if (a->kind() == VtKind::kEnum) return static_cast<const EnumVariable&>(*a).equals(b);
  if (b->kind() == VtKind::kEnum) return static_cast<const EnumVariable&>(*b).equals(a);
  auto* ca = asConst(a);
  auto* cb = asConst(b);
  if (ca && cb) {
    auto an = ca->asNumber(), bn = cb->asNumber();
    if (an && bn) return *an == *bn;
    // A complex equals a number with the same real part and no imaginary part.
    auto asComplex = [](const ConstantVariable* c, std::optional<double> n) {
      if (const auto* z = std::get_if<ComplexValue>(&c->value())) return std::optional(*z);
      return n ? std::optional(ComplexValue{*n, 0.0}) : std::nullopt;
    };
    auto za = asComplex(ca, an), zb = asComplex(cb, bn);
    if (za && zb) return *za == *zb;
    return ca->value() == cb->value();
  }
  auto* sa = asSequence(a);
  auto* sb = asSequence(b);
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

namespace {

// A unary operator on a number constant.
Expected<VtPtr> unaryOperator(const std::string& op, const VtPtr& v) {
  auto* c = asConst(v);
  if (!c || !c->asNumber()) return unsupported(op + " on " + v->pythonTypeName());
  std::string base = op.substr(std::string("operator.").size());
  if (base == "neg") {
    if (isIntLike(c)) return ConstantVariable::make(-*c->asInt());
    return ConstantVariable::make(-*c->asNumber());
  }
  if (base == "pos") return v;
  // operator.abs (generic_abs: nb_absolute of an int or a float).
  if (base == "abs") {
    if (isIntLike(c)) return ConstantVariable::make(*c->asInt() < 0 ? -*c->asInt() : *c->asInt());
    return ConstantVariable::make(std::fabs(*c->asNumber()));
  }
  // operator.index(i) of an int (or bool) is the int itself.
  if (base == "index" && isIntLike(c)) return ConstantVariable::make(*c->asInt());
  if (base == "invert" && isIntLike(c)) return ConstantVariable::make(~*c->asInt());
  return unsupported(op + " on " + v->pythonTypeName());
}

// `+` and the ordering comparisons of two strs (Python compares str by code point;
// UTF-8 bytes order the same). Null when the operator is not one of those.
VtPtr strOperator(const std::string& base, const std::string& x, const std::string& y) {
  if (base == "add") return ConstantVariable::make(x + y);
  static const std::unordered_map<std::string, bool (*)(int)> kOrder = {
      {"lt", [](int c) { return c < 0; }},
      {"le", [](int c) { return c <= 0; }},
      {"gt", [](int c) { return c > 0; }},
      {"ge", [](int c) { return c >= 0; }}};
  auto f = kOrder.find(base);
  if (f == kOrder.end()) return nullptr;
  return ConstantVariable::make(f->second(x.compare(y)));
}

// Sequence concatenation (tuple + tuple, list + list, list += list) and repetition
// (sequence * int, and int * sequence: int.__mul__ gives NotImplemented, the sequence's
// __rmul__ repeats it). Null when not one of those.
Expected<VtPtr> sequenceOperator(const std::string& op, const VtPtr& a, const VtPtr& b) {
  std::string base = op.substr(std::string("operator.").size());
  if (base == "mul" && asConst(a) && asConst(a)->asInt() && asSequence(b) && !asConst(b))
    return sequenceOperator(op, b, a);
  auto* sa = asSequence(a);
  auto* sb = asSequence(b);
  auto* cb = asConst(b);
  bool concat = base == "add" || base == "iadd";
  // torch.Size + tuple is a torch.Size (Size.__add__ takes any tuple).
  bool sizePlusTuple = sa && sb && sa->kind() == VtKind::kSize && sb->isTuple();
  // tuple + torch.Size is a torch.Size too (torch.Size.__radd__ runs first: it is a
  // subclass of tuple; the recorded graphs build torch.Size([...]) from it).
  bool tuplePlusSize = sa && sb && sa->kind() == VtKind::kTuple && sb->kind() == VtKind::kSize;
  if (sa && sb && concat && (sa->kind() == sb->kind() || sizePlusTuple || tuplePlusSize)) {
    std::vector<VtPtr> items = sa->items();
    items.insert(items.end(), sb->items().begin(), sb->items().end());
    if (sa->isList() && base == "iadd" && sa->isMutable()) {
      if (sa->mutationType() == MutationType::kValueMutationExisting)
        return unsupported("in-place extend of a pre-existing list (side effects are core part 2)");
      sa->mutableItems() = items;
      return a;
    }
    if (tuplePlusSize) return sb->withItems(std::move(items));
    return sa->withItems(std::move(items));
  }
  // Lexicographic ordering of two tuples or two lists (the first unequal pair decides,
  // else the lengths: BaseListVariable._seq_richcompare); items that are neither the
  // same tracker nor constants are not modelled.
  static const std::unordered_set<std::string> kOrdering = {"lt", "le", "gt", "ge"};
  if (sa && sb && kOrdering.count(base) && sa->isTuple() == sb->isTuple() &&
      sa->isList() == sb->isList()) {
    const auto& x = sa->items();
    const auto& y = sb->items();
    for (size_t i = 0; i < x.size() && i < y.size(); ++i) {
      // PyObject_RichCompareBool's identity shortcut (generic_richcompare_bool): the same
      // tracker on both sides is equal without being realised, so `(n, 2) < (n, 3)`
      // guards nothing on n.
      if (x[i].get() == y[i].get()) continue;
      auto* cx = asConst(x[i]);
      auto* cy = asConst(y[i]);
      if (!cx || !cy)
        return unsupported(op + " on sequences holding values that are not constants");
      auto e = constEquals(x[i], y[i]);
      if (!e) return unsupported(op + " on " + x[i]->pythonTypeName() + " items");
      if (*e) continue;
      if (const std::string* s1 = cx->asStr(); s1 && cy->asStr())
        return strOperator(base, *s1, *cy->asStr());
      return foldNumeric(op, cx, cy);
    }
    int64_t nx = static_cast<int64_t>(x.size()), ny = static_cast<int64_t>(y.size());
    bool r = base == "lt" ? nx < ny : base == "le" ? nx <= ny : base == "gt" ? nx > ny : nx >= ny;
    return ConstantVariable::make(r);
  }
  if (sa && cb && base == "mul" && cb->asInt()) {
    int64_t count = 0;
    if (*cb->asInt() > 0 &&
        __builtin_mul_overflow(static_cast<int64_t>(sa->items().size()), *cb->asInt(), &count)) {
      count = -1;
    }
    if (Status s = checkMaterialized(count, "sequence repetition"); !s) return s.error();
    std::vector<VtPtr> items;
    for (int64_t i = 0; i < *cb->asInt(); ++i)
      items.insert(items.end(), sa->items().begin(), sa->items().end());
    return sa->isList() ? makeList(std::move(items)) : makeTuple(std::move(items));
  }
  return VtPtr();
}

// < <= > >= with a member of an int mixin enum (IntEnum: inspect._ParameterKind) on
// either side: both are Python constants, so the comparison folds on the int values.
Expected<VtPtr> enumOrdering(const std::string& op, const std::string& base, const VtPtr& a,
                             const VtPtr& b) {
  auto intOf = [](const VtPtr& v) -> std::optional<int64_t> {
    if (v->kind() == VtKind::kEnum) {
      const auto& e = static_cast<const EnumVariable&>(*v);
      const auto* i = e.valueMixin() && e.value() ? std::get_if<int64_t>(&*e.value()) : nullptr;
      return i ? std::optional<int64_t>(*i) : std::nullopt;
    }
    const ConstantVariable* c = asConst(v);
    return c && std::holds_alternative<int64_t>(c->value()) ? c->asInt() : std::nullopt;
  };
  auto ia = intOf(a), ib = intOf(b);
  if (!ia || !ib)
    return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
  bool r = base == "lt"   ? *ia < *ib
           : base == "le" ? *ia <= *ib
           : base == "gt" ? *ia > *ib
                          : *ia >= *ib;
  return ConstantVariable::make(r);
}

// object.__eq__ of a plain enum member (the left operand, realised to find __eq__) is
// identity: Dynamo compares the right operand's value without realising it, so a lazy
// member there gets no guard. nullptr: not that case.
Expected<VtPtr> enumIdentityEq(Tx& tx, const std::string& op, Args& args) {
  if ((op != "operator.eq" && op != "operator.ne") || args.size() != 2) return VtPtr();
  auto left = tx.realize(args[0]);
  if (!left) return left.error();
  auto* lazy = dynamic_cast<LazyVariable*>(args[1].get());
  if ((*left)->kind() != VtKind::kEnum || !lazy || lazy->realized() || !lazy->object())
    return VtPtr();
  const auto& e = static_cast<const EnumVariable&>(**left);
  auto o = tx.context().trace.object(lazy->object());
  if (e.valueMixin() || !o || o->which() != schema::Object::Which::ENUM) return VtPtr();
  bool same = e.identity() == lazy->object();
  return ConstantVariable::make(op == "operator.eq" ? same : !same);
}

}  // namespace

Expected<VtPtr> applyOperator(Tx& tx, const std::string& op, Args args) {
  auto identity = enumIdentityEq(tx, op, args);
  if (!identity) return identity.error();
  if (*identity) return *identity;
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  if (std::any_of(args.begin(), args.end(),
                  [](const VtPtr& a) { return a->kind() == VtKind::kNdarray; }) &&
      !tracer::anyTensor(args, {}))
    return ndarrayOperator(tx, op, args);
  if (tracer::anyTensor(args, {})) {
    // IN_PLACE_DESUGARING_MAP: `n += t` with a Python constant n is n + t (imatmul
    // stays imatmul in torch 2.13's table).
    static const std::unordered_map<std::string, std::string> kDesugar = {
        {"operator.iadd", "operator.add"},         {"operator.isub", "operator.sub"},
        {"operator.imul", "operator.mul"},         {"operator.ifloordiv", "operator.floordiv"},
        {"operator.itruediv", "operator.truediv"}, {"operator.imod", "operator.mod"},
        {"operator.ilshift", "operator.lshift"},   {"operator.irshift", "operator.rshift"},
        {"operator.ipow", "operator.pow"},         {"operator.iand", "operator.and_"},
        {"operator.ior", "operator.or_"},          {"operator.ixor", "operator.xor"}};
    if (auto d = kDesugar.find(op); d != kDesugar.end() && args[0]->kind() == VtKind::kConstant)
      return tracer::tensorCall(tx, false, d->second, d->second, std::move(args), {});
    return tracer::tensorCall(tx, false, op, op, std::move(args), {});
  }
  if (args.size() == 2 && args[0]->kind() == VtKind::kSymInt)
    return static_cast<SymIntVariable&>(*args[0]).arith(tx, op, args[1], true);
  if (args.size() == 2 && args[1]->kind() == VtKind::kSymInt)
    return static_cast<SymIntVariable&>(*args[1]).arith(tx, op, args[0], false);
  if (args.size() == 1) return unaryOperator(op, args[0]);
  if (args.size() != 2) return Error("internal: operator arity");
  const VtPtr& a = args[0];
  const VtPtr& b = args[1];
  std::string base = op.substr(std::string("operator.").size());
  // DataPtrVariable.richcompare_impl (== and != only).
  if (asDataPtr(a) || asDataPtr(b)) {
    if ((base == "eq" || base == "ne") && asDataPtr(a) && asDataPtr(b))
      return asDataPtr(a)->compare(tx, *asDataPtr(b), base == "eq");
    return unsupported(op + " on a data_ptr() value and a " +
                       (asDataPtr(a) ? b : a)->pythonTypeName());
  }
  // FakeIdVariable.richcompare_impl: == / != of two ids of one kind fold; the rest is
  // not modelled here.
  if (a->kind() == VtKind::kFakeId || b->kind() == VtKind::kFakeId) {
    if ((base == "eq" || base == "ne") && a->kind() == b->kind()) {
      bool same = static_cast<const FakeIdVariable&>(*a).of() ==
                  static_cast<const FakeIdVariable&>(*b).of();
      return ConstantVariable::make(base == "eq" ? same : !same);
    }
    return unsupported(op + " on a compile-time-only id() and a " +
                       (a->kind() == VtKind::kFakeId ? b : a)->pythonTypeName());
  }
  if ((base == "eq" || base == "ne") && a->kind() == VtKind::kSet && b->kind() == VtKind::kSet) {
    auto& sa = static_cast<SetVariable&>(*a);
    auto& sb = static_cast<SetVariable&>(*b);
    bool eq = sa.items().size() == sb.items().size();
    for (const auto& x : sb.items()) eq = eq && sa.indexOf(x).has_value();
    return ConstantVariable::make(base == "eq" ? eq : !eq);
  }
  // == between a user class or an instance of a class with no __eq__ of its own, and
  // anything: object.__eq__ / type.__eq__, which is identity.
  auto identityEq = [&](const VtPtr& v) {
    if (v->kind() == VtKind::kUserClass) return true;
    const UserObjectVariable* o = asUserObject(v);
    return o && !userClassDefines(tx.context().trace, o->cls(), "__eq__");
  };
  if ((base == "eq" || base == "ne") && (identityEq(a) || identityEq(b)) &&
      !(asUserObject(a) && asUserObject(b) && !(identityEq(a) && identityEq(b)))) {
    return BuiltinVariable::call(tx, base == "eq" ? "operator.is_" : "operator.is_not", {a, b});
  }
  if (auto r = dictRichCompare(tx, base, a, b)) return std::move(*r);
  auto isView = [](const VtPtr& v) {
    const SequenceVariable* sv = asSequence(v);
    return sv && !sv->viewType().empty();
  };
  if ((base == "eq" || base == "ne") && (isView(a) || isView(b)))
    return unsupported(op +
                       " on dict views (Dynamo inlines polyfills for view comparison, "
                       "not modelled)");
  if ((base == "eq" || base == "ne") && a->kind() == VtKind::kBuiltin &&
      b->kind() == VtKind::kBuiltin) {
    // Two builtins (types such as tuple and dict, as pytree's node types): Python
    // constants, folded by identity (BuiltinVariable.as_python_constant).
    bool same = static_cast<const BuiltinVariable&>(*a).name() ==
                static_cast<const BuiltinVariable&>(*b).name();
    return ConstantVariable::make(base == "eq" ? same : !same);
  }
  if (base == "eq" || base == "ne") {
    auto e = constEquals(a, b);
    if (!e) return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
    return ConstantVariable::make(base == "eq" ? *e : !*e);
  }
  if ((base == "lt" || base == "le" || base == "gt" || base == "ge") &&
      (a->kind() == VtKind::kEnum || b->kind() == VtKind::kEnum))
    return enumOrdering(op, base, a, b);
  auto* ca = asConst(a);
  auto* cb = asConst(b);
  if (ca && cb) {
    const std::string* sa = ca->asStr();
    const std::string* sb = cb->asStr();
    if (sa && sb) {
      if (VtPtr r = strOperator(base == "iadd" ? "add" : base, *sa, *sb)) return r;
    }
    return foldNumeric(op, ca, cb);
  }
  if (a->kind() == VtKind::kSet && b->kind() == VtKind::kSet) {
    // set operators: | & - ^ (and |= ...) are union, intersection, difference and
    // symmetric_difference (their _update forms in place); <= >= < > are subset tests.
    auto& sa = static_cast<SetVariable&>(*a);
    static const std::unordered_map<std::string, std::string> kSetOps = {
        {"or_", "union"},
        {"and_", "intersection"},
        {"sub", "difference"},
        {"xor", "symmetric_difference"},
        {"ior", "update"},
        {"iand", "intersection_update"},
        {"isub", "difference_update"},
        {"ixor", "symmetric_difference_update"},
        {"le", "issubset"},
        {"ge", "issuperset"}};
    if (auto m = kSetOps.find(base); m != kSetOps.end()) {
      auto r = sa.algebra(tx, m->second, {b}, base[0] != 'i');
      if (!r || (m->second.find("_update") == std::string::npos && m->second != "update")) return r;
      return a;  // the in-place forms give the set itself
    }
    if (base == "lt" || base == "gt") {
      auto& sb = static_cast<SetVariable&>(*b);
      auto sub = (base == "lt" ? sa : sb).algebra(tx, "issubset", {base == "lt" ? b : a}, true);
      if (!sub) return sub;
      bool strict = sa.items().size() != sb.items().size();
      return ConstantVariable::make(constantTruth(asConst(*sub)->value()) && strict);
    }
  }
  // An in-place operator on an object made while tracing whose class has the in-place
  // dunder (`self += modules` in ModuleList.__init__): type(a).__i<op>__(a, b) inlined,
  // its result the new value. (Objects with a source would read the dunder through
  // the MRO with guards, not modelled here.)
  if (const UserObjectVariable* o = asUserObject(a); o && o->object() == 0 && base.size() > 1 &&
                                                     base[0] == 'i' && base != "is_" &&
                                                     base != "is_not") {
    std::string dunder = "__" + base + "__";
    auto hit = lookupMro(tx.context().trace, o->cls(), dunder);
    if (!hit) return hit.error();
    if (*hit) return a->callMethod(tx, dunder, {b}, {});
  }
  auto seq = sequenceOperator(op, a, b);
  if (!seq || *seq) return seq;
  return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
}

}  // namespace dynrr::vt
