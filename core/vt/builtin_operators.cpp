// builtin_operators.cpp — Python operators (BuiltinVariable for operator.add, lt, neg,
// ...; torch/_dynamo/variables/builtin.py _binop handlers and constant folding): tensors
// become graph calls of `operator.X`; SymInts become SymNodeVariable arithmetic;
// constants are folded with Python's semantics; sequences concatenate and repeat.
#include <cmath>
#include <limits>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/sym_node.h"

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

Expected<VtPtr> applyOperator(Tx& tx, const std::string& op, Args args) {
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  if (tracer::anyTensor(args, {}))
    return tracer::tensorCall(tx, false, op, op, std::move(args), {});
  if (args.size() == 2 && args[0]->kind() == VtKind::kSymInt)
    return static_cast<SymIntVariable&>(*args[0]).arith(tx, op, args[1], true);
  if (args.size() == 2 && args[1]->kind() == VtKind::kSymInt)
    return static_cast<SymIntVariable&>(*args[1]).arith(tx, op, args[0], false);
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
  auto* sa = asSequence(a);
  auto* sb = asSequence(b);
  if (sa && sb && (base == "add" || base == "iadd") && sa->kind() == sb->kind()) {
    std::vector<VtPtr> items = sa->items();
    items.insert(items.end(), sb->items().begin(), sb->items().end());
    if (sa->kind() == VtKind::kList) {
      if (base == "iadd" && sa->isMutable()) {
        if (sa->mutationType() == MutationType::kValueMutationExisting) {
          return unsupported(
              "in-place extend of a pre-existing list (side effects are core part 2)");
        }
        sa->mutableItems() = items;
        return a;
      }
      return makeList(std::move(items));
    }
    return sa->kind() == VtKind::kSize ? makeSize(std::move(items)) : makeTuple(std::move(items));
  }
  if (sa && cb && base == "mul" && cb->asInt()) {
    std::vector<VtPtr> items;
    for (int64_t i = 0; i < *cb->asInt(); ++i)
      items.insert(items.end(), sa->items().begin(), sa->items().end());
    return sa->kind() == VtKind::kList ? makeList(std::move(items)) : makeTuple(std::move(items));
  }
  return unsupported(op + " on " + a->pythonTypeName() + " and " + b->pythonTypeName());
}

}  // namespace dynrr::vt
