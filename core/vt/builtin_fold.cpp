// builtin_fold.cpp — number and string builtins folded on Python constants, and the
// operator-module functions with handlers of their own.
//
// Mirrors torch/_dynamo/variables/builtin.py: BuiltinVariable's constant folding
// (`_constant_fold_functions`: pow, chr, ord, hex, bin, oct, ascii, operator.truth,
// operator.length_hint hold when every argument is a Python constant, and give the
// Python result with no guard of their own), call_repr (object_protocol.generic_repr),
// call_hash (generic_hash of an int), call_format (StringFormatVariable.create over
// str(first argument)), call_abs (generic_abs: nb_absolute of a number), call_contains
// (generic_contains: the container's sq_contains, as CONTAINS_OP), and the
// substitute_in_graph polyfill of operator.concat (polyfills/operator.py, constant-folded
// through or inlined as `a + b`: the same tracker either way for two tuples or lists).
// Results follow CPython 3.11; what CPython would raise on is refused by name.
#include <cmath>
#include <cstdint>
#include <string>

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin.h"
#include "core/vt/builtin_internal.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

namespace dynrr::vt::builtin_detail {
namespace {

// An int constant (bools are ints), not a float.
std::optional<int64_t> intArg(const VtPtr& v) {
  const ConstantVariable* c = asConstant(v);
  if (!c || std::holds_alternative<double>(c->value())) return std::nullopt;
  return c->asInt();
}

// UTF-8 encoding of one code point (chr).
std::string utf8(uint32_t cp) {
  std::string s;
  if (cp < 0x80) {
    s += static_cast<char>(cp);
  } else if (cp < 0x800) {
    s += static_cast<char>(0xC0 | (cp >> 6));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    s += static_cast<char>(0xE0 | (cp >> 12));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (cp >> 18));
    s += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (cp & 0x3F));
  }
  return s;
}

// The code point of a str holding exactly one (ord); nullopt otherwise.
std::optional<uint32_t> singleCodePoint(const std::string& s) {
  if (s.empty()) return std::nullopt;
  auto b0 = static_cast<unsigned char>(s[0]);
  size_t n = b0 < 0x80 ? 1 : b0 >= 0xF0 ? 4 : b0 >= 0xE0 ? 3 : 2;
  if (s.size() != n) return std::nullopt;
  uint32_t cp = n == 1 ? b0 : n == 2 ? (b0 & 0x1F) : n == 3 ? (b0 & 0x0F) : (b0 & 0x07);
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[k]) & 0x3F);
  return cp;
}

// int.__format__ with base prefixes: hex / bin / oct (PyNumber_ToBase).
std::string toBase(int64_t v, int base) {
  const char* prefix = base == 16 ? "0x" : base == 8 ? "0o" : "0b";
  uint64_t u = v < 0 ? uint64_t{0} - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string digits;
  do {
    digits.insert(digits.begin(), "0123456789abcdef"[u % base]);
    u /= base;
  } while (u);
  return (v < 0 ? "-" : "") + std::string(prefix) + digits;
}

// pow(base, exp, mod) of ints, exp >= 0, mod != 0 (long_pow's modular path; the result
// takes the sign of mod).
Expected<VtPtr> modularPow(int64_t base, int64_t exp, int64_t mod) {
  if (mod == 0) return unsupported("pow() with a zero modulus (ValueError path)");
  if (exp < 0) return unsupported("pow() with a negative exponent and a modulus (inverse)");
  if (mod > (int64_t{1} << 31) || mod < -(int64_t{1} << 31))
    return unsupported("pow() with a modulus beyond 32 bits");
  int64_t m = mod < 0 ? -mod : mod;
  int64_t r = 1 % m, b = ((base % m) + m) % m;
  for (int64_t e = exp; e > 0; e >>= 1) {
    if (e & 1) r = r * b % m;
    b = b * b % m;
  }
  if (mod < 0 && r != 0) r -= m;
  return ConstantVariable::make(r);
}

}  // namespace

// pow(a, b) as the ** operator on constants; pow(a, b, m) of ints.
Expected<VtPtr> callPow(Tx& tx, const std::string&, Args& args) {
  for (const auto& a : args)
    if (!asConstant(a)) return unsupported("pow() of a " + a->pythonTypeName());
  if (args.size() == 2) return applyOperator(tx, "operator.pow", {args[0], args[1]});
  if (args.size() != 3) return notModelled();
  auto b = intArg(args[0]), e = intArg(args[1]), m = intArg(args[2]);
  if (!b || !e || !m) return unsupported("pow() with three arguments that are not all ints");
  return modularPow(*b, *e, *m);
}

// chr / ord / hex / bin / oct / ascii / repr of constants.
Expected<VtPtr> callStrFold(Tx&, const std::string& name, Args& args) {
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (!c) return unsupported(name + "() of a " + args[0]->pythonTypeName());
  if (name == "repr" || name == "ascii") {
    std::string r = constantRepr(c->value());
    if (name == "ascii")
      for (char ch : r)
        if (static_cast<unsigned char>(ch) >= 0x80)
          return unsupported("ascii() of a str with non-ASCII characters");
    return ConstantVariable::make(r);
  }
  if (name == "ord") {
    const std::string* s = c->asStr();
    auto cp = s ? singleCodePoint(*s) : std::nullopt;
    if (!cp) return unsupported("ord() of something other than a one-character str");
    return ConstantVariable::make(static_cast<int64_t>(*cp));
  }
  auto i = intArg(args[0]);
  if (!i) return unsupported(name + "() of a " + args[0]->pythonTypeName());
  if (name == "chr") {
    if (*i < 0 || *i > 0x10FFFF || (*i >= 0xD800 && *i <= 0xDFFF))
      return unsupported("chr() out of range or of a surrogate (ValueError path)");
    return ConstantVariable::make(utf8(static_cast<uint32_t>(*i)));
  }
  return ConstantVariable::make(toBase(*i, name == "hex" ? 16 : name == "oct" ? 8 : 2));
}

// hash(x) of an int (PyLong's hash: the value modulo 2**61 - 1, with -1 mapped to -2);
// other hashes (str is salted per process, objects by id) are refused.
Expected<VtPtr> callHash(Tx&, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  auto i = intArg(args[0]);
  if (!i) return unsupported("hash() of a " + args[0]->pythonTypeName());
  const int64_t kModulus = (int64_t{1} << 61) - 1;
  int64_t h = *i % kModulus;
  return ConstantVariable::make(h == -1 ? int64_t{-2} : h);
}

// format(value, *args): Dynamo's call_format makes StringFormatVariable over
// str(value) with `args` as the format arguments, so a value whose str has no
// replacement field folds to str(value) whatever the spec.
Expected<VtPtr> callFormat(Tx&, const std::string&, Args& args) {
  if (args.empty()) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (!c) return unsupported("format() of a " + args[0]->pythonTypeName());
  std::string str;
  if (const std::string* s = c->asStr())
    str = *s;
  else if (auto* t = std::get_if<TorchConstant>(&c->value()))
    str = t->name;
  else
    str = constantRepr(c->value());
  if (str.find_first_of("{}") != std::string::npos)
    return unsupported("format() of a value whose str has replacement fields");
  for (size_t k = 1; k < args.size(); ++k)
    if (!asConstant(args[k])) return unsupported("format() with a non-constant argument");
  return ConstantVariable::make(str);
}

// operator.truth / operator.length_hint / operator.contains / operator.concat /
// operator.iconcat (its polyfill `a += b; return a`, inlined: list += list extends a).
Expected<VtPtr> callOperatorFold(Tx& tx, const std::string& name, Args& args) {
  if (name == "operator.truth" && args.size() == 1) {
    if (!asConstant(args[0]))
      return unsupported("operator.truth of a " + args[0]->pythonTypeName());
    auto t = args[0]->boolValue(tx);
    if (!t) return t.error();
    return ConstantVariable::make(*t);
  }
  if (name == "operator.length_hint" && (args.size() == 1 || args.size() == 2)) {
    if (auto* s = asSequence(args[0]))
      return ConstantVariable::make(static_cast<int64_t>(s->items().size()));
    return unsupported("operator.length_hint of a " + args[0]->pythonTypeName());
  }
  if (name == "operator.contains" && args.size() == 2) {
    auto c = tx.realize(args[0]);
    if (!c) return c;
    return (*c)->callMethod(tx, "__contains__", {args[1]}, {});
  }
  if ((name == "operator.concat" || name == "operator.iconcat") && args.size() == 2) {
    auto* a = asSequence(args[0]);
    auto* b = asSequence(args[1]);
    if (!a || !b || a->kind() != b->kind() || a->kind() == VtKind::kSize)
      return unsupported("operator.concat of a " + args[0]->pythonTypeName() + " and a " +
                         args[1]->pythonTypeName() + " (its polyfill's `a + b`)");
    return applyOperator(tx, name == "operator.concat" ? "operator.add" : "operator.iadd",
                         {args[0], args[1]});
  }
  return notModelled();
}

}  // namespace dynrr::vt::builtin_detail
