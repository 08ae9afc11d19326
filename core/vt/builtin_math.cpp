// builtin_math.cpp — the `math` module's functions on Python constants
// (torch/_dynamo/variables/builtin.py: BuiltinVariable._constant_fold_functions holds
// every builtin function of `math`, so a call whose arguments are all constants folds to
// its Python result, with no guard beyond the ones the arguments already carry). Results
// follow CPython 3.11's Modules/mathmodule.c: the float functions are the C library's
// (the same libm), ints stay Python ints, and a call CPython would raise on (a domain or
// range error) is refused by name instead of modelled. math.radians of a tensor is
// TorchInGraphFunctionVariable's handle_radians: the polyfill polyfills.radians inlined.
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"

namespace dynrr::vt {
namespace {

// Python's int/float split of a constant: bools and ints are ints.
struct Num {
  bool isInt;
  int64_t i;
  double f;
};

std::optional<Num> num(const VtPtr& v) {
  const ConstantVariable* c = asConstant(v);
  if (!c) return std::nullopt;
  if (auto i = c->asInt()) return Num{true, *i, static_cast<double>(*i)};
  if (auto d = c->asNumber()) return Num{false, 0, *d};
  return std::nullopt;
}

Error raises(const std::string& name, const std::string& what) {
  return unsupported(name + "() raising " + what + " (the exception path is not modelled)");
}

// A float result of a C function: NaN out of a non-NaN input, or an infinity out of
// finite inputs, is CPython's ValueError / OverflowError (math_1's errno checks).
Expected<VtPtr> floatResult(const std::string& name, double r, std::initializer_list<double> in) {
  bool inNan = false, inInf = false;
  for (double x : in) {
    inNan = inNan || std::isnan(x);
    inInf = inInf || std::isinf(x);
  }
  if (std::isnan(r) && !inNan) return raises(name, "ValueError (math domain error)");
  if (std::isinf(r) && !inInf) return raises(name, "OverflowError or ValueError");
  return ConstantVariable::make(r);
}

// float -> int as PyLong_FromDouble, for floor/ceil/trunc; beyond int64 is not modelled.
Expected<VtPtr> intFromDouble(const std::string& name, double r) {
  if (std::isnan(r)) return raises(name, "ValueError");
  if (std::isinf(r)) return raises(name, "OverflowError");
  if (r >= 9.2e18 || r <= -9.2e18) return unsupported(name + "() of a result beyond 64 bits");
  return ConstantVariable::make(static_cast<int64_t>(r));
}

// CPython's math.isclose(a, b, rel_tol=1e-09, abs_tol=0.0).
bool isClose(double a, double b, double relTol, double absTol) {
  if (a == b) return true;
  if (std::isinf(a) || std::isinf(b)) return false;
  double diff = std::fabs(b - a);
  return diff <= std::fabs(relTol * b) || diff <= std::fabs(relTol * a) || diff <= absTol;
}

using D1 = double (*)(double);

const std::unordered_map<std::string, D1>& unaryFloat() {
  static const std::unordered_map<std::string, D1> k = {
      {"sqrt", [](double x) { return std::sqrt(x); }},
      {"exp", [](double x) { return std::exp(x); }},
      {"expm1", [](double x) { return std::expm1(x); }},
      {"log2", [](double x) { return std::log2(x); }},
      {"log10", [](double x) { return std::log10(x); }},
      {"log1p", [](double x) { return std::log1p(x); }},
      {"sin", [](double x) { return std::sin(x); }},
      {"cos", [](double x) { return std::cos(x); }},
      {"tan", [](double x) { return std::tan(x); }},
      {"asin", [](double x) { return std::asin(x); }},
      {"acos", [](double x) { return std::acos(x); }},
      {"atan", [](double x) { return std::atan(x); }},
      {"sinh", [](double x) { return std::sinh(x); }},
      {"cosh", [](double x) { return std::cosh(x); }},
      {"tanh", [](double x) { return std::tanh(x); }},
      {"asinh", [](double x) { return std::asinh(x); }},
      {"acosh", [](double x) { return std::acosh(x); }},
      {"atanh", [](double x) { return std::atanh(x); }},
      {"fabs", [](double x) { return std::fabs(x); }},
      {"erf", [](double x) { return std::erf(x); }},
      {"erfc", [](double x) { return std::erfc(x); }},
      {"degrees", [](double x) { return x * (180.0 / 3.141592653589793238462643383279502884); }},
      {"radians", [](double x) { return x * (3.141592653589793238462643383279502884 / 180.0); }},
  };
  return k;
}

// log(x[, base]) as loghelper: log(x) of a positive number, divided by log(base).
Expected<VtPtr> mathLog(const std::string& name, const std::vector<Num>& a) {
  if (a.size() != 1 && a.size() != 2) return Error("");
  for (const auto& x : a)
    if (!(x.f > 0) && !std::isnan(x.f)) return raises(name, "ValueError (math domain error)");
  double n = std::log(a[0].f);
  if (a.size() == 1) return ConstantVariable::make(n);
  double d = std::log(a[1].f);
  if (d == 0) return raises(name, "ZeroDivisionError");
  return ConstantVariable::make(n / d);
}

// hypot(*coordinates) in CPython 3.11 is correctly rounded in nearly every case
// (vector_norm); the sum of squares in extended precision, rounded once, agrees.
Expected<VtPtr> mathHypot(const std::vector<Num>& a) {
  long double s = 0;
  for (const auto& x : a) {
    if (std::isinf(x.f)) return ConstantVariable::make(std::numeric_limits<double>::infinity());
    s += static_cast<long double>(x.f) * static_cast<long double>(x.f);
  }
  for (const auto& x : a)
    if (std::isnan(x.f)) return ConstantVariable::make(std::nan(""));
  return ConstantVariable::make(static_cast<double>(std::sqrt(s)));
}

// The int functions: gcd, lcm, comb, perm, factorial, isqrt (ints only, no overflow).
Expected<VtPtr> mathInt(const std::string& name, const std::vector<Num>& a) {
  for (const auto& x : a)
    if (!x.isInt)
      return raises(name, "TypeError ('float' object cannot be interpreted as an integer)");
  if (name == "gcd" || name == "lcm") {
    int64_t r = name == "gcd" ? 0 : 1;
    for (const auto& x : a) {
      if (x.i == std::numeric_limits<int64_t>::min())
        return unsupported(name + "() beyond 64 bits");
      int64_t v = x.i < 0 ? -x.i : x.i;
      if (name == "gcd") {
        r = std::gcd(r, v);
      } else {
        if (r == 0 || v == 0) {
          r = 0;
          continue;
        }
        int64_t l;
        if (__builtin_mul_overflow(r / std::gcd(r, v), v, &l))
          return unsupported("lcm() beyond 64 bits");
        r = l;
      }
    }
    return ConstantVariable::make(r);
  }
  if (name == "isqrt") {
    if (a.size() != 1) return Error("");
    if (a[0].i < 0) return raises(name, "ValueError");
    auto r = static_cast<int64_t>(std::sqrt(static_cast<long double>(a[0].i)));
    while (r > 0 && r > a[0].i / r) --r;
    while (r + 1 <= a[0].i / (r + 1)) ++r;
    return ConstantVariable::make(r);
  }
  if (name == "factorial") {
    if (a.size() != 1) return Error("");
    if (a[0].i < 0) return raises(name, "ValueError");
    if (a[0].i > 20) return unsupported("factorial() beyond 64 bits");
    int64_t r = 1;
    for (int64_t k = 2; k <= a[0].i; ++k) r *= k;
    return ConstantVariable::make(r);
  }
  // comb(n, k), perm(n, k=None)
  if (a.empty() || a.size() > 2 || (name == "comb" && a.size() != 2)) return Error("");
  int64_t n = a[0].i, k = a.size() == 2 ? a[1].i : a[0].i;
  if (n < 0 || k < 0) return raises(name, "ValueError");
  if (k > n) return ConstantVariable::make(int64_t{0});
  if (name == "comb" && k > n - k) k = n - k;
  int64_t r = 1;
  for (int64_t j = 0; j < k; ++j) {
    if (__builtin_mul_overflow(r, n - j, &r)) return unsupported(name + "() beyond 64 bits");
    if (name == "comb") r /= (j + 1);
  }
  return ConstantVariable::make(r);
}

}  // namespace

// math.<f>(*args) of number constants (kwargs are refused by the caller).
Expected<VtPtr> callMath(Tx& tx, const std::string& qualname, Args& args) {
  const std::string name = qualname.substr(5);
  if (name == "prod") {
    // prod(iterable, *, start=1): multiplies left to right, ints staying ints.
    if (args.size() != 1) return Error("");
    auto r = tx.realize(args[0]);
    if (!r) return r.error();
    auto items = (*r)->unpackVarSequence(tx);
    if (!items) return items.error();
    Num acc{true, 1, 1.0};
    for (const auto& item : *items) {
      auto ri = tx.realize(item);
      if (!ri) return ri.error();
      auto x = num(*ri);
      if (!x) return unsupported("math.prod() of a " + (*ri)->pythonTypeName() + " item");
      if (acc.isInt && x->isInt) {
        int64_t out;
        if (__builtin_mul_overflow(acc.i, x->i, &out))
          return unsupported("math.prod() beyond 64 bits");
        acc = Num{true, out, static_cast<double>(out)};
      } else {
        acc = Num{false, 0, acc.f * x->f};
      }
    }
    return acc.isInt ? ConstantVariable::make(acc.i) : ConstantVariable::make(acc.f);
  }
  if (name == "radians" && args.size() == 1 && args[0]->kind() == VtKind::kTensor) {
    // handle_radians: not all arguments constant, so polyfills.radians(x) is inlined:
    // `import math; return math.pi / 180.0 * x`. Reading math.pi guards it by value
    // (CONSTANT_MATCH), the division folds, the product is an operator.mul node.
    tx.context().output.addGuard(guards::GuardKind::CONSTANT_MATCH, "G['__import_math'].pi");
    const double kPi = 3.141592653589793;
    return applyOperator(tx, "operator.mul", {ConstantVariable::make(kPi / 180.0), args[0]});
  }
  std::vector<Num> a;
  for (const auto& v : args) {
    auto x = num(v);
    if (!x) return unsupported(qualname + "() of " + v->pythonTypeName());
    a.push_back(*x);
  }
  if (auto f = unaryFloat().find(name); f != unaryFloat().end()) {
    if (a.size() != 1) return Error("");
    return floatResult(qualname, f->second(a[0].f), {a[0].f});
  }
  if (name == "floor" || name == "ceil" || name == "trunc") {
    if (a.size() != 1) return Error("");
    if (a[0].isInt) return ConstantVariable::make(a[0].i);
    double r = name == "floor"  ? std::floor(a[0].f)
               : name == "ceil" ? std::ceil(a[0].f)
                                : std::trunc(a[0].f);
    return intFromDouble(qualname, r);
  }
  if (name == "log") return mathLog(qualname, a);
  if (name == "hypot") return mathHypot(a);
  if (name == "gcd" || name == "lcm" || name == "comb" || name == "perm" || name == "isqrt" ||
      name == "factorial")
    return mathInt(name, a);
  if (name == "isclose") {
    if (a.size() != 2) return Error("");
    return ConstantVariable::make(isClose(a[0].f, a[1].f, 1e-09, 0.0));
  }
  if (name == "isfinite" || name == "isinf" || name == "isnan") {
    if (a.size() != 1) return Error("");
    double x = a[0].f;
    return ConstantVariable::make(name == "isfinite" ? std::isfinite(x)
                                  : name == "isinf"  ? std::isinf(x)
                                                     : std::isnan(x));
  }
  if (name == "copysign" || name == "atan2" || name == "fmod" || name == "pow") {
    if (a.size() != 2) return Error("");
    double x = a[0].f, y = a[1].f;
    if (name == "copysign") return ConstantVariable::make(std::copysign(x, y));
    if (name == "atan2") return floatResult(qualname, std::atan2(x, y), {x, y});
    if (name == "fmod") {
      if (y == 0 && !std::isnan(x)) return raises(qualname, "ValueError (math domain error)");
      return floatResult(qualname, std::fmod(x, y), {x, y});
    }
    // math.pow: CPython's special cases are C99's, except that a finite x < 0 with a
    // non-integral y and 0 ** negative raise ValueError.
    if (x == 0 && y < 0) return raises(qualname, "ValueError (math domain error)");
    return floatResult(qualname, std::pow(x, y), {x, y});
  }
  return unsupported("call to " + qualname);
}

}  // namespace dynrr::vt
