// builtin.cpp — see builtin.h. BuiltinVariable.call_function: a lookup of the builtin's
// handler by name (Dynamo's call_<name> methods and the polyfills it inlines for
// enumerate and sum), with lazy arguments realised first as Dynamo's handler dispatch
// does. Each handler says "not modelled" by returning an empty Error, which becomes
// `unsupported: call to builtin <name>`.
#include "core/vt/builtin.h"

#include <cmath>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/vt/constant.h"
#include "core/vt/iter.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/sym_node.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {
namespace {

using guards::GuardKind;
using Handler = Expected<VtPtr> (*)(Tx& tx, const std::string& name, Args& args);

// "Not modelled with these arguments": the caller reports the generic reason.
Error notModelled() { return Error(""); }

Expected<std::vector<VtPtr>> iterItems(Tx& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  return (*r)->unpackVarSequence(tx);
}

// builtins.sum (PolyfilledFunctionVariable.call_function). With the iterable a list,
// tuple or range of constants and a constant start, Dynamo folds the call
// (can_constant_fold_through). Otherwise it inlines the polyfill: polyfills/builtins.py
// sum -> functools.reduce(operator.add, iterable, start) in polyfills/functools.py, whose
// global reads guard the polyfill modules and what it takes from them; reduce calls
// iter() on the iterable and adds from `start` on.
Expected<VtPtr> callSum(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1 && args.size() != 2) return notModelled();
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  VtPtr start = args.size() == 2 ? args[1] : ConstantVariable::make(int64_t{0});
  bool foldable = start->kind() == VtKind::kConstant;
  if (const SequenceVariable* seq = asSequence(args[0])) {
    foldable = foldable && seq->viewType().empty();
  } else {
    foldable = foldable && args[0]->kind() == VtKind::kRange;
  }
  std::vector<VtPtr> items;
  for (const auto& item : *it) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    foldable = foldable && (*r)->kind() == VtKind::kConstant;
    items.push_back(*r);
  }
  if (!foldable) {
    auto& out = tx.context().output;
    const std::string builtinsMod = "G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins']";
    const std::string functoolsMod = "G['__import_torch_dot__dynamo_dot_polyfills_dot_functools']";
    out.addGuard(GuardKind::MODULE_MATCH, builtinsMod);
    out.addGuard(GuardKind::MODULE_MATCH, builtinsMod + ".functools");
    out.addGuard(GuardKind::ID_MATCH, builtinsMod + ".functools.reduce");  // polyfilled
    out.addGuard(GuardKind::MODULE_MATCH, builtinsMod + ".operator");
    out.addGuard(GuardKind::BUILTIN_MATCH, builtinsMod + ".operator.add");
    out.addGuard(GuardKind::MODULE_MATCH, functoolsMod);
    out.addGuard(GuardKind::TYPE_MATCH, functoolsMod + "._initial_missing");  // an object()
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['iter']");
  }
  // reduce's `value = initial`, `for element in it:` and `value = function(value,
  // element)` are STORE_FASTs in the inlined polyfill: they name the tensors' nodes.
  VtPtr acc = start;
  if (!foldable) tracer::applyNameHint(tx, acc, "value");
  for (const auto& item : items) {
    if (!foldable) tracer::applyNameHint(tx, item, "element");
    auto next = applyOperator(tx, "operator.add", {acc, item});
    if (!next) return next;
    acc = *next;
    if (!foldable) tracer::applyNameHint(tx, acc, "value");
  }
  return acc;
}

// super() (explicit_super: super() -> super(__class__, <first argument>)) and
// super(cls, obj).
Expected<VtPtr> callSuper(Tx& tx, const std::string&, Args& args) {
  if (args.size() == 2) return VtPtr(std::make_shared<SuperVariable>(args[0], args[1]));
  if (!args.empty()) return notModelled();
  auto cell = tx.cells().find("__class__");
  if (cell == tx.cells().end() || !cell->second->contents())
    return unsupported("super() without a __class__ cell");
  const auto& code = tx.code();
  if (code.argcount == 0 || code.varnames.empty()) return unsupported("super() without arguments");
  const std::string& first = code.varnames[0];
  VtPtr self;
  if (auto it = tx.locals().find(first); it != tx.locals().end()) self = it->second;
  if (auto c = tx.cells().find(first); !self && c != tx.cells().end()) self = c->second->contents();
  if (!self) return unsupported("super() whose first argument is unbound");
  return VtPtr(std::make_shared<SuperVariable>(cell->second->contents(), self));
}

// iter(obj): an iterator is itself; anything else iterates its unpack_var_sequence.
Expected<VtPtr> callIter(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  if (asIterator(args[0])) return args[0]->callMethod(tx, "__iter__", {}, {});
  auto items = iterItems(tx, args[0]);
  if (!items) return items.error();
  return VtPtr(std::make_shared<ListIteratorVariable>(std::move(*items)));
}

// len(obj): obj.call_method("__len__").
Expected<VtPtr> callLen(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  auto r = args[0]->callMethod(tx, "__len__", {}, {});
  if (!r && r.error().message().rfind("unsupported: method __len__", 0) == 0)
    return unsupported("len() of " + args[0]->pythonTypeName());
  return r;
}

// range() of a SymInt specialises it (guard_int: its hint, guarded in the shape env);
// the SymInt input then has no use and is dropped from the graph.
Expected<VtPtr> callRange(Tx&, const std::string&, Args& args) {
  for (auto& a : args) {
    if (a->kind() == VtKind::kSymInt) {
      auto& si = static_cast<SymIntVariable&>(*a);
      if (!si.isSymbol()) return unsupported("range() of a SymInt expression");
      a = ConstantVariable::make(si.hint());
    }
  }
  auto at = [&](size_t i) { return i < args.size() ? constantInt(args[i]) : std::nullopt; };
  auto a = at(0), b = at(1), c = at(2);
  if (args.size() == 1 && a) return VtPtr(std::make_shared<RangeVariable>(0, *a, 1));
  if (args.size() == 2 && a && b) return VtPtr(std::make_shared<RangeVariable>(*a, *b, 1));
  if (args.size() == 3 && a && b && c && *c != 0)
    return VtPtr(std::make_shared<RangeVariable>(*a, *b, *c));
  return unsupported("range() with non-constant arguments");
}

Expected<VtPtr> callTupleOrList(Tx& tx, const std::string& name, Args& args) {
  if (args.size() > 1) return notModelled();
  std::vector<VtPtr> items;
  if (args.size() == 1) {
    auto it = iterItems(tx, args[0]);
    if (!it) return it.error();
    items = *it;
  }
  return name == "tuple" ? makeTuple(std::move(items)) : makeList(std::move(items));
}

// zip(*iterables), and enumerate(iterable, start=0), which Dynamo runs through its
// polyfill (polyfills/builtins.py): `isinstance(start, int)` reads both names from the
// builtins dict, guarded, and its `for x in iterable:` is a STORE_FAST that names an
// item not named yet x (seen with real Dynamo: enumerate(powers) names them x, x_1).
Expected<VtPtr> callZipOrEnumerate(Tx& tx, const std::string& name, Args& args) {
  if (args.empty()) return notModelled();
  bool enumerate = name == "enumerate";
  int64_t start = 0;
  if (enumerate) {
    if (args.size() == 2) {
      auto s = constantInt(args[1]);
      if (!s) return unsupported("enumerate start");
      start = *s;
    }
    args.resize(1);
    tx.context().output.addGuard(GuardKind::BUILTIN_MATCH,
                                 "G['__builtins_dict___0']['isinstance']");
    tx.context().output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['int']");
  }
  std::vector<std::vector<VtPtr>> columns;
  size_t n = SIZE_MAX;
  for (auto& a : args) {
    auto it = iterItems(tx, a);
    if (!it) return it.error();
    n = std::min(n, it->size());
    columns.push_back(*it);
  }
  std::vector<VtPtr> rows;
  for (size_t i = 0; i < n; ++i) {
    std::vector<VtPtr> row;
    if (enumerate) {
      row.push_back(ConstantVariable::make(start + static_cast<int64_t>(i)));
      tracer::applyNameHint(tx, columns[0][i], "x");
    }
    for (auto& col : columns) row.push_back(col[i]);
    rows.push_back(makeTuple(std::move(row)));
  }
  return makeList(std::move(rows));
}

Expected<VtPtr> callMinMax(Tx& tx, const std::string& name, Args& args) {
  if (args.size() < 2) return notModelled();
  VtPtr best = args[0];
  for (size_t i = 1; i < args.size(); ++i) {
    auto cmp = applyOperator(tx, name == "min" ? "operator.lt" : "operator.gt", {args[i], best});
    if (!cmp) return cmp;
    const ConstantVariable* c = asConstant(*cmp);
    if (!c) return unsupported(name + "() of tensors");
    if (constantTruth(c->value())) best = args[i];
  }
  return best;
}

Expected<VtPtr> callAbs(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  if (args[0]->kind() == VtKind::kTensor)
    return tracer::tensorCall(tx, false, "abs", "torch.abs", args, {});
  const ConstantVariable* c = asConstant(args[0]);
  if (c && c->asNumber()) {
    if (auto i = c->asInt(); i && !std::holds_alternative<double>(c->value()))
      return ConstantVariable::make(*i < 0 ? -*i : *i);
    return ConstantVariable::make(std::abs(*c->asNumber()));
  }
  return notModelled();
}

// A plain decimal literal (digits, one optional point, optional sign) for float(str).
std::optional<double> parseFloatLiteral(const std::string& str) {
  if (str == "inf" || str == "+inf") return std::numeric_limits<double>::infinity();
  if (str == "-inf") return -std::numeric_limits<double>::infinity();
  if (str == "nan") return std::numeric_limits<double>::quiet_NaN();
  bool plain = !str.empty();
  int points = 0;
  for (size_t k = 0; k < str.size(); ++k) {
    char ch = str[k];
    if (ch == '.')
      ++points;
    else if (!(ch >= '0' && ch <= '9') && !(k == 0 && (ch == '-' || ch == '+')))
      plain = false;
  }
  if (plain && points <= 1 && str.find_first_of("0123456789") != std::string::npos)
    return std::stod(str);
  return std::nullopt;
}

std::optional<int64_t> parseIntLiteral(const std::string& str) {
  bool plain = !str.empty();
  for (size_t k = 0; k < str.size(); ++k) {
    char ch = str[k];
    if (!(ch >= '0' && ch <= '9') && !(k == 0 && (ch == '-' || ch == '+'))) plain = false;
  }
  if (plain && str.size() < 18 && str.find_first_of("0123456789") != std::string::npos)
    return static_cast<int64_t>(std::stoll(str));
  return std::nullopt;
}

// int(x) / float(x) / bool(x) of a number, and int/float of a literal str.
Expected<VtPtr> callNumberType(Tx&, const std::string& name, Args& args) {
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (c && c->asNumber()) {
    if (name == "int") return ConstantVariable::make(static_cast<int64_t>(*c->asNumber()));
    if (name == "float") return ConstantVariable::make(*c->asNumber());
    return ConstantVariable::make(*c->asNumber() != 0);
  }
  if (const std::string* str = c ? c->asStr() : nullptr) {
    if (name == "float") {
      if (auto d = parseFloatLiteral(*str)) return ConstantVariable::make(*d);
    } else if (name == "int") {
      if (auto i = parseIntLiteral(*str)) return ConstantVariable::make(*i);
    }
  }
  return unsupported(name + "() of " + args[0]->pythonTypeName());
}

Expected<VtPtr> callReversed(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  return makeList(std::vector<VtPtr>(it->rbegin(), it->rend()));
}

// sorted(iterable) of constants: insertion sort with Python's < (stable, as sorted is).
Expected<VtPtr> callSorted(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  std::vector<VtPtr> items;
  for (const auto& item : *it) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    if ((*r)->kind() != VtKind::kConstant)
      return unsupported("sorted() over " + (*r)->pythonTypeName());
    items.push_back(*r);
  }
  for (size_t i = 1; i < items.size(); ++i) {
    for (size_t j = i; j > 0; --j) {
      auto lt = applyOperator(tx, "operator.lt", {items[j], items[j - 1]});
      if (!lt) return lt;
      const ConstantVariable* c = asConstant(*lt);
      if (!c || !constantTruth(c->value())) break;
      std::swap(items[j], items[j - 1]);
    }
  }
  return makeList(std::move(items));
}

Expected<VtPtr> callDivmod(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2) return notModelled();
  auto q = applyOperator(tx, "operator.floordiv", {args[0], args[1]});
  if (!q) return q;
  auto r = applyOperator(tx, "operator.mod", {args[0], args[1]});
  if (!r) return r;
  return makeTuple({*q, *r});
}

Expected<VtPtr> callRound(Tx&, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (c && std::holds_alternative<double>(c->value()))
    return ConstantVariable::make(
        static_cast<int64_t>(std::nearbyint(std::get<double>(c->value()))));
  if (c && c->asInt()) return ConstantVariable::make(*c->asInt());
  return unsupported("round() of " + args[0]->pythonTypeName());
}

// math.<f>(x) of a number constant.
Expected<VtPtr> callMath(Tx&, const std::string& name, Args& args) {
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (!c || !c->asNumber()) return unsupported(name + "() of " + args[0]->pythonTypeName());
  using MathFn = VtPtr (*)(double);
  static const std::unordered_map<std::string, MathFn> kMath = {
      {"sqrt", [](double x) { return ConstantVariable::make(std::sqrt(x)); }},
      {"exp", [](double x) { return ConstantVariable::make(std::exp(x)); }},
      {"log", [](double x) { return ConstantVariable::make(std::log(x)); }},
      {"sin", [](double x) { return ConstantVariable::make(std::sin(x)); }},
      {"cos", [](double x) { return ConstantVariable::make(std::cos(x)); }},
      {"floor",
       [](double x) { return ConstantVariable::make(static_cast<int64_t>(std::floor(x))); }},
      {"ceil", [](double x) { return ConstantVariable::make(static_cast<int64_t>(std::ceil(x))); }},
  };
  auto f = kMath.find(name.substr(5));
  if (f == kMath.end()) return unsupported("call to " + name);
  return f->second(*c->asNumber());
}

// isinstance(obj, cls or tuple of classes); classes are BuiltinVariables named "int",
// "list", ..., or "torch.Tensor".
Expected<VtPtr> callIsinstance(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2) return notModelled();
  std::vector<std::string> classes;
  auto addClass = [&](const VtPtr& c) -> Status {
    if (c->kind() != VtKind::kBuiltin)
      return unsupported("isinstance against a " + c->pythonTypeName());
    classes.push_back(static_cast<const BuiltinVariable&>(*c).name());
    return Status::success();
  };
  if (const SequenceVariable* seq = asSequence(args[1]); seq && seq->isTuple()) {
    for (const auto& item : seq->items()) {
      auto r = tx.realize(item);
      if (!r) return r;
      if (Status st = addClass(*r); !st) return st.error();
    }
  } else if (Status st = addClass(args[1]); !st) {
    return st.error();
  }
  std::string type = args[0]->pythonTypeName();
  if (args[0]->kind() == VtKind::kTensor) type = "torch.Tensor";
  static const std::unordered_set<std::string> kModelled = {
      "int",  "float",        "bool",   "str",   "list",  "tuple",
      "dict", "torch.Tensor", "object", "range", "slice", "NoneType"};
  bool result = false;
  for (const auto& cls : classes) {
    if (cls == type || (cls == "int" && type == "bool") || cls == "object") result = true;
    if (!kModelled.count(cls)) return unsupported("isinstance against " + cls);
  }
  return ConstantVariable::make(result);
}

Expected<VtPtr> callStr(Tx&, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (!c) return unsupported("str() of " + args[0]->pythonTypeName());
  if (const std::string* s = c->asStr()) return ConstantVariable::make(*s);
  if (auto* t = std::get_if<TorchConstant>(&c->value())) return ConstantVariable::make(t->name);
  return ConstantVariable::make(constantRepr(c->value()));
}

// getattr / hasattr / setattr with a constant name: var_getattr, call_obj_hasattr and
// the object's __setattr__; getattr with a default asks hasattr first
// (BuiltinVariable.call_getattr).
Expected<VtPtr> callAttrBuiltin(Tx& tx, const std::string& name, Args& args) {
  if (args.size() < 2) return notModelled();
  const std::string* attr = constantStr(args[1]);
  if (!attr) return unsupported(name + " with a non-constant name");
  if (name == "getattr" && args.size() == 2) return args[0]->varGetattr(tx, *attr);
  if (args[0]->kind() != VtKind::kUserObject)
    return unsupported(name + " on a " + args[0]->pythonTypeName());
  if (name == "setattr" && args.size() == 3)
    return args[0]->callMethod(tx, "__setattr__", {args[1], args[2]}, {});
  if ((name == "hasattr" && args.size() == 2) || (name == "getattr" && args.size() == 3)) {
    auto has = args[0]->callObjHasattr(tx, *attr);
    if (!has) return has.error();
    if (name == "hasattr") return ConstantVariable::make(*has);
    return *has ? args[0]->varGetattr(tx, *attr) : args[2];
  }
  return notModelled();
}

// `a is b` / `a is not b` (IS_OP): constants by value and type, other values by tracker
// identity; a constant is never the same object as a tensor, list, function...
Expected<VtPtr> callIs(Tx&, const std::string& name, Args& args) {
  if (args.size() != 2) return notModelled();
  const ConstantVariable* ca = asConstant(args[0]);
  const ConstantVariable* cb = asConstant(args[1]);
  bool same;
  if (ca && cb) {
    same = ca->value().index() == cb->value().index() && ca->value() == cb->value();
  } else if (ca || cb) {
    same = false;
  } else if (args[0].get() == args[1].get()) {
    same = true;
  } else {
    return unsupported("`is` between two " + args[0]->pythonTypeName() + " values");
  }
  return ConstantVariable::make(name == "operator.is_not" ? !same : same);
}

// BuiltinVariable has no handler for print (reorderable_logging_functions is empty).
Expected<VtPtr> callPrint(Tx& tx, const std::string&, Args&) {
  return tracer::graphBreak(tx, "Failed to trace builtin operator",
                            "Dynamo does not know how to trace builtin operator `print`");
}

const std::unordered_map<std::string, Handler>& handlers() {
  static const std::unordered_map<std::string, Handler> kTable = {
      {"super", &callSuper},
      {"iter", &callIter},
      {"len", &callLen},
      {"range", &callRange},
      {"tuple", &callTupleOrList},
      {"list", &callTupleOrList},
      {"enumerate", &callZipOrEnumerate},
      {"zip", &callZipOrEnumerate},
      {"min", &callMinMax},
      {"max", &callMinMax},
      {"abs", &callAbs},
      {"int", &callNumberType},
      {"float", &callNumberType},
      {"bool", &callNumberType},
      {"sum", &callSum},
      {"reversed", &callReversed},
      {"sorted", &callSorted},
      {"divmod", &callDivmod},
      {"round", &callRound},
      {"isinstance", &callIsinstance},
      {"str", &callStr},
      {"getattr", &callAttrBuiltin},
      {"hasattr", &callAttrBuiltin},
      {"setattr", &callAttrBuiltin},
      {"operator.is_", &callIs},
      {"operator.is_not", &callIs},
  };
  return kTable;
}

}  // namespace

Expected<VtPtr> BuiltinVariable::call(Tx& tx, const std::string& name, Args args, Kwargs kwargs) {
  bool isOperator = name.rfind("operator.", 0) == 0;
  if (isOperator && kwargs.empty() && !handlers().count(name))
    return applyOperator(tx, name, std::move(args));
  if (name == "print") return callPrint(tx, name, args);
  if (!kwargs.empty()) return unsupported("keyword arguments to builtin " + name);
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  Handler handler = nullptr;
  if (auto it = handlers().find(name); it != handlers().end()) {
    handler = it->second;
  } else if (name.rfind("math.", 0) == 0) {
    handler = &callMath;
  }
  if (handler) {
    auto r = handler(tx, name, args);
    if (r || !r.error().message().empty()) return r;
  }
  return unsupported("call to builtin " + name + " (not modelled by core part 1)");
}

Expected<VtPtr> BuiltinVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  return call(tx, name_, std::move(args), std::move(kwargs));
}

}  // namespace dynrr::vt
