// ops_call.cpp — calls (symbolic_convert.py KW_NAMES, CALL; BuiltinVariable.call_function
// for the builtins modelled here; TorchInGraphFunctionVariable.call_function;
// TensorVariable.call_method; InliningInstructionTranslator.inline_call_ with
// UserFunctionVariable.bind_args for positional, keyword, default, *args, **kwargs).
#include <cmath>
#include <limits>

#include "core/bytecode/code_object.h"
#include "core/tracer/ops.h"
#include "core/vt/user_object_variable.h"

namespace dynrr::tracer {
namespace {

using vt::ConstantVariable;

Expected<std::vector<VtPtr>> iterItems(InstructionTranslator& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  if (auto* seq = dynamic_cast<vt::SequenceVariable*>(r->get())) return seq->items();
  if (auto* range = dynamic_cast<vt::RangeVariable*>(r->get())) {
    std::vector<VtPtr> items;
    for (int64_t i = 0; i < range->length(); ++i)
      items.push_back(ConstantVariable::make(range->at(i)));
    return items;
  }
  if (auto* dict = dynamic_cast<vt::DictVariable*>(r->get())) {
    if ((*r)->source())
      tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, (*r)->source()->name());
    std::vector<VtPtr> keys;
    for (const auto& kv : dict->entries()) keys.push_back(kv.first);
    return keys;
  }
  if ((*r)->kind() == vt::VtKind::kUserObject) return Ops::userObjectItems(tx, *r);
  if (auto* it = dynamic_cast<vt::IteratorVariable*>(r->get())) return it->takeRemaining();
  return unsupported("iterating over " + (*r)->pythonTypeName());
}

// builtins.sum (PolyfilledFunctionVariable.call_function). With the iterable a list,
// tuple or range of constants and a constant start, Dynamo folds the call
// (can_constant_fold_through). Otherwise it inlines the polyfill: polyfills/builtins.py
// sum -> functools.reduce(operator.add, iterable, start) in polyfills/functools.py, whose
// global reads guard the polyfill modules and what it takes from them; reduce calls
// iter() on the iterable and adds from `start` on.
Expected<VtPtr> polyfillSum(InstructionTranslator& tx, const std::vector<VtPtr>& args) {
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  VtPtr start = args.size() == 2 ? args[1] : ConstantVariable::make(int64_t{0});
  bool foldable = start->kind() == vt::VtKind::kConstant;
  if (auto* seq = dynamic_cast<vt::SequenceVariable*>(args[0].get())) {
    foldable = foldable && seq->viewType().empty();
  } else {
    foldable = foldable && args[0]->kind() == vt::VtKind::kRange;
  }
  std::vector<VtPtr> items;
  for (const auto& item : *it) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    foldable = foldable && (*r)->kind() == vt::VtKind::kConstant;
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
  if (!foldable) Ops::applyNameHint(tx, acc, "value");
  for (const auto& item : items) {
    if (!foldable) Ops::applyNameHint(tx, item, "element");
    auto next = Ops::applyOperator(tx, "operator.add", {acc, item});
    if (!next) return next;
    acc = *next;
    if (!foldable) Ops::applyNameHint(tx, acc, "value");
  }
  return acc;
}

Expected<VtPtr> callBuiltin(InstructionTranslator& tx, const vt::BuiltinVariable& fn,
                            std::vector<VtPtr> args,
                            std::vector<std::pair<std::string, VtPtr>> kwargs) {
  const std::string& name = fn.name();
  if (name.rfind("operator.", 0) == 0 && kwargs.empty())
    return Ops::applyOperator(tx, name, std::move(args));
  if (name == "print") {
    // BuiltinVariable has no handler for print (reorderable_logging_functions is empty).
    return Ops::graphBreak(tx, "Failed to trace builtin operator",
                           "Dynamo does not know how to trace builtin operator `print`");
  }
  if (!kwargs.empty()) return unsupported("keyword arguments to builtin " + name);
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r.error();
    a = *r;
  }
  auto constInt = [&](size_t i) -> std::optional<int64_t> {
    if (i >= args.size() || args[i]->kind() != vt::VtKind::kConstant) return std::nullopt;
    return static_cast<ConstantVariable*>(args[i].get())->asInt();
  };
  if (name == "super" && kwargs.empty() && (args.empty() || args.size() == 2)) {
    if (args.size() == 2) return VtPtr(std::make_shared<vt::SuperVariable>(args[0], args[1]));
    // explicit_super: super() -> super(__class__, <first argument>).
    auto cell = tx.cells().find("__class__");
    if (cell == tx.cells().end() || !cell->second->contents())
      return unsupported("super() without a __class__ cell");
    const auto& code = tx.code();
    if (code.argcount == 0 || code.varnames.empty())
      return unsupported("super() without arguments");
    const std::string& first = code.varnames[0];
    VtPtr self;
    if (auto it = tx.locals().find(first); it != tx.locals().end()) self = it->second;
    if (auto c = tx.cells().find(first); !self && c != tx.cells().end())
      self = c->second->contents();
    if (!self) return unsupported("super() whose first argument is unbound");
    return VtPtr(std::make_shared<vt::SuperVariable>(cell->second->contents(), self));
  }
  if (name == "iter" && args.size() == 1 && kwargs.empty()) {
    auto items = iterItems(tx, args[0]);
    if (!items) return items.error();
    return VtPtr(std::make_shared<vt::IteratorVariable>(std::move(*items)));
  }
  if (name == "len" && args.size() == 1) {
    if (args[0]->kind() == vt::VtKind::kUserObject) {
      // len() calls the object's __len__ (BuiltinVariable.call_len -> call_method).
      auto m = Ops::getAttr(tx, args[0], "__len__");
      if (!m) return m.error();
      return Ops::callFunction(tx, *m, {}, {});
    }
    if (auto* seq = dynamic_cast<vt::SequenceVariable*>(args[0].get())) {
      return ConstantVariable::make(static_cast<int64_t>(seq->items().size()));
    }
    if (auto* set = dynamic_cast<vt::SetVariable*>(args[0].get()))
      return ConstantVariable::make(static_cast<int64_t>(set->items().size()));
    if (auto* dict = dynamic_cast<vt::DictVariable*>(args[0].get())) {
      // ConstDictVariable.mp_length guards the keys of a dict with a source.
      if (args[0]->source())
        tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, args[0]->source()->name());
      return ConstantVariable::make(static_cast<int64_t>(dict->entries().size()));
    }
    if (auto* range = dynamic_cast<vt::RangeVariable*>(args[0].get()))
      return ConstantVariable::make(range->length());
    if (auto* t = dynamic_cast<vt::TensorVariable*>(args[0].get())) {
      if (t->meta().sizes.empty()) return unsupported("len() of a 0-d tensor (TypeError path)");
      return ConstantVariable::make(t->meta().sizes[0]);
    }
    if (auto* c = dynamic_cast<ConstantVariable*>(args[0].get())) {
      if (auto* s = std::get_if<std::string>(&c->value()))
        return ConstantVariable::make(static_cast<int64_t>(s->size()));
    }
    return unsupported("len() of " + args[0]->pythonTypeName());
  }
  if (name == "range") {
    // range() of a SymInt specialises it (guard_int: its hint, guarded in the shape
    // env); the SymInt input then has no use and is dropped from the graph.
    for (auto& a : args) {
      if (a->kind() == vt::VtKind::kSymInt) {
        auto& si = static_cast<vt::SymIntVariable&>(*a);
        if (!si.isSymbol()) return unsupported("range() of a SymInt expression");
        a = ConstantVariable::make(si.hint());
      }
    }
    std::optional<int64_t> a = constInt(0), b = constInt(1), c = constInt(2);
    if (args.size() == 1 && a) return VtPtr(std::make_shared<vt::RangeVariable>(0, *a, 1));
    if (args.size() == 2 && a && b) return VtPtr(std::make_shared<vt::RangeVariable>(*a, *b, 1));
    if (args.size() == 3 && a && b && c && *c != 0)
      return VtPtr(std::make_shared<vt::RangeVariable>(*a, *b, *c));
    return unsupported("range() with non-constant arguments");
  }
  if ((name == "tuple" || name == "list") && args.size() <= 1) {
    std::vector<VtPtr> items;
    if (args.size() == 1) {
      auto it = iterItems(tx, args[0]);
      if (!it) return it.error();
      items = *it;
    }
    return name == "tuple" ? vt::makeTuple(std::move(items)) : vt::makeList(std::move(items));
  }
  if ((name == "enumerate" || name == "zip") && !args.empty()) {
    std::vector<std::vector<VtPtr>> columns;
    int64_t start = 0;
    if (name == "enumerate") {
      if (args.size() == 2) {
        auto s = constInt(1);
        if (!s) return unsupported("enumerate start");
        start = *s;
      }
      args.resize(1);
    }
    if (name == "enumerate") {
      // Dynamo runs enumerate through its polyfill (polyfills/builtins.py), whose
      // `isinstance(start, int)` reads both names from the builtins dict, guarded.
      tx.context().output.addGuard(GuardKind::BUILTIN_MATCH,
                                   "G['__builtins_dict___0']['isinstance']");
      tx.context().output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['int']");
    }
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
      if (name == "enumerate") {
        row.push_back(ConstantVariable::make(start + static_cast<int64_t>(i)));
        // The polyfill's `for x in iterable:` is a STORE_FAST: an item not named yet
        // takes the name x (seen with real Dynamo: enumerate(powers) names them x, x_1).
        Ops::applyNameHint(tx, columns[0][i], "x");
      }
      for (auto& col : columns) row.push_back(col[i]);
      rows.push_back(vt::makeTuple(std::move(row)));
    }
    return vt::makeList(std::move(rows));
  }
  if ((name == "min" || name == "max") && args.size() >= 2) {
    VtPtr best = args[0];
    for (size_t i = 1; i < args.size(); ++i) {
      auto cmp =
          Ops::applyOperator(tx, name == "min" ? "operator.lt" : "operator.gt", {args[i], best});
      if (!cmp) return cmp;
      auto* c = dynamic_cast<ConstantVariable*>(cmp->get());
      if (!c) return unsupported(name + "() of tensors");
      if (constantTruth(c->value())) best = args[i];
    }
    return best;
  }
  if (name == "abs" && args.size() == 1) {
    if (args[0]->kind() == vt::VtKind::kTensor)
      return Ops::tensorCall(tx, false, "abs", "torch.abs", args, {});
    auto* c = dynamic_cast<ConstantVariable*>(args[0].get());
    if (c && c->asNumber()) {
      if (auto i = c->asInt(); i && !std::holds_alternative<double>(c->value()))
        return ConstantVariable::make(*i < 0 ? -*i : *i);
      return ConstantVariable::make(std::abs(*c->asNumber()));
    }
  }
  if ((name == "int" || name == "float" || name == "bool") && args.size() == 1) {
    auto* c = dynamic_cast<ConstantVariable*>(args[0].get());
    if (c && c->asNumber()) {
      if (name == "int") return ConstantVariable::make(static_cast<int64_t>(*c->asNumber()));
      if (name == "float") return ConstantVariable::make(*c->asNumber());
      return ConstantVariable::make(*c->asNumber() != 0);
    }
    if (auto* str = c ? std::get_if<std::string>(&c->value()) : nullptr; str && name == "float") {
      if (*str == "inf" || *str == "+inf")
        return ConstantVariable::make(std::numeric_limits<double>::infinity());
      if (*str == "-inf") return ConstantVariable::make(-std::numeric_limits<double>::infinity());
      if (*str == "nan") return ConstantVariable::make(std::numeric_limits<double>::quiet_NaN());
      // A plain decimal literal (digits, one optional point, optional sign).
      bool plain = !str->empty();
      int points = 0;
      for (size_t k = 0; k < str->size(); ++k) {
        char ch = (*str)[k];
        if (ch == '.')
          ++points;
        else if (!(ch >= '0' && ch <= '9') && !(k == 0 && (ch == '-' || ch == '+')))
          plain = false;
      }
      if (plain && points <= 1 && str->find_first_of("0123456789") != std::string::npos)
        return ConstantVariable::make(std::stod(*str));
    }
    if (auto* str = c ? std::get_if<std::string>(&c->value()) : nullptr; str && name == "int") {
      bool plain = !str->empty();
      for (size_t k = 0; k < str->size(); ++k) {
        char ch = (*str)[k];
        if (!(ch >= '0' && ch <= '9') && !(k == 0 && (ch == '-' || ch == '+'))) plain = false;
      }
      if (plain && str->size() < 18 && str->find_first_of("0123456789") != std::string::npos)
        return ConstantVariable::make(static_cast<int64_t>(std::stoll(*str)));
    }
    return unsupported(name + "() of " + args[0]->pythonTypeName());
  }
  if (name == "sum" && (args.size() == 1 || args.size() == 2)) return polyfillSum(tx, args);
  if (name == "reversed" && args.size() == 1) {
    auto it = iterItems(tx, args[0]);
    if (!it) return it.error();
    std::vector<VtPtr> items(it->rbegin(), it->rend());
    return vt::makeList(std::move(items));
  }
  if (name == "sorted" && args.size() == 1) {
    auto it = iterItems(tx, args[0]);
    if (!it) return it.error();
    std::vector<VtPtr> items;
    for (const auto& item : *it) {
      auto r = tx.realize(item);
      if (!r) return r.error();
      if ((*r)->kind() != vt::VtKind::kConstant)
        return unsupported("sorted() over " + (*r)->pythonTypeName());
      items.push_back(*r);
    }
    // Insertion sort with Python's < on constants (stable, as sorted is).
    for (size_t i = 1; i < items.size(); ++i) {
      for (size_t j = i; j > 0; --j) {
        auto lt = Ops::applyOperator(tx, "operator.lt", {items[j], items[j - 1]});
        if (!lt) return lt;
        auto* c = dynamic_cast<ConstantVariable*>(lt->get());
        if (!c || !constantTruth(c->value())) break;
        std::swap(items[j], items[j - 1]);
      }
    }
    return vt::makeList(std::move(items));
  }
  if (name == "divmod" && args.size() == 2) {
    auto q = Ops::applyOperator(tx, "operator.floordiv", {args[0], args[1]});
    if (!q) return q;
    auto r = Ops::applyOperator(tx, "operator.mod", {args[0], args[1]});
    if (!r) return r;
    return vt::makeTuple({*q, *r});
  }
  if (name == "round" && args.size() == 1) {
    auto* c = dynamic_cast<ConstantVariable*>(args[0].get());
    if (c && std::holds_alternative<double>(c->value())) {
      return ConstantVariable::make(
          static_cast<int64_t>(std::nearbyint(std::get<double>(c->value()))));
    }
    if (c && c->asInt()) return ConstantVariable::make(*c->asInt());
    return unsupported("round() of " + args[0]->pythonTypeName());
  }
  if (name.rfind("math.", 0) == 0 && args.size() == 1) {
    auto* c = dynamic_cast<ConstantVariable*>(args[0].get());
    if (!c || !c->asNumber()) return unsupported(name + "() of " + args[0]->pythonTypeName());
    double x = *c->asNumber();
    std::string f = name.substr(5);
    if (f == "sqrt") return ConstantVariable::make(std::sqrt(x));
    if (f == "exp") return ConstantVariable::make(std::exp(x));
    if (f == "log") return ConstantVariable::make(std::log(x));
    if (f == "sin") return ConstantVariable::make(std::sin(x));
    if (f == "cos") return ConstantVariable::make(std::cos(x));
    if (f == "floor") return ConstantVariable::make(static_cast<int64_t>(std::floor(x)));
    if (f == "ceil") return ConstantVariable::make(static_cast<int64_t>(std::ceil(x)));
    return unsupported("call to " + name);
  }
  if (name == "isinstance" && args.size() == 2) {
    // Classes are BuiltinVariables named "int", "list", ..., or "torch.Tensor".
    std::vector<std::string> classes;
    auto addClass = [&](const VtPtr& c) -> Status {
      auto* b = dynamic_cast<vt::BuiltinVariable*>(c.get());
      if (!b) return unsupported("isinstance against a " + c->pythonTypeName());
      classes.push_back(b->name());
      return Status::success();
    };
    if (auto* seq = dynamic_cast<vt::SequenceVariable*>(args[1].get());
        seq && seq->kind() == vt::VtKind::kTuple) {
      for (const auto& item : seq->items()) {
        auto r = tx.realize(item);
        if (!r) return r;
        if (Status st = addClass(*r); !st) return st.error();
      }
    } else if (Status st = addClass(args[1]); !st) {
      return st.error();
    }
    std::string type = args[0]->pythonTypeName();
    if (args[0]->kind() == vt::VtKind::kTensor) type = "torch.Tensor";
    bool result = false;
    for (const auto& cls : classes) {
      if (cls == type || (cls == "int" && type == "bool") || cls == "object") result = true;
      static const char* kModelled[] = {"int",    "float", "bool",  "str",
                                        "list",   "tuple", "dict",  "torch.Tensor",
                                        "object", "range", "slice", "NoneType"};
      bool known = false;
      for (const char* k : kModelled) known |= cls == k;
      if (!known) return unsupported("isinstance against " + cls);
    }
    return ConstantVariable::make(result);
  }
  if (name == "str" && args.size() == 1) {
    auto* c = dynamic_cast<ConstantVariable*>(args[0].get());
    if (!c) return unsupported("str() of " + args[0]->pythonTypeName());
    if (auto* s = std::get_if<std::string>(&c->value())) return ConstantVariable::make(*s);
    if (auto* t = std::get_if<vt::TorchConstant>(&c->value()))
      return ConstantVariable::make(t->name);
    return ConstantVariable::make(constantRepr(c->value()));
  }
  if ((name == "getattr" || name == "hasattr" || name == "setattr") && args.size() >= 2) {
    auto* c = dynamic_cast<ConstantVariable*>(args[1].get());
    auto* s = c ? std::get_if<std::string>(&c->value()) : nullptr;
    if (!s) return unsupported(name + " with a non-constant name");
    if (name == "getattr" && args.size() == 2) return Ops::getAttr(tx, args[0], *s);
    if (args[0]->kind() != vt::VtKind::kUserObject)
      return unsupported(name + " on a " + args[0]->pythonTypeName());
    if (name == "setattr" && args.size() == 3) {
      if (Status st = Ops::storeAttrOn(tx, args[0], *s, args[2]); !st) return st.error();
      return ConstantVariable::make(vt::NoneValue{});
    }
    // hasattr, and getattr with a default (BuiltinVariable.call_getattr asks hasattr).
    if ((name == "hasattr" && args.size() == 2) || (name == "getattr" && args.size() == 3)) {
      auto has = Ops::userObjectHasAttr(tx, args[0], *s);
      if (!has) return has.error();
      if (name == "hasattr") return ConstantVariable::make(*has);
      return *has ? Ops::getAttr(tx, args[0], *s) : args[2];
    }
  }
  return unsupported("call to builtin " + name + " (not modelled by core part 1)");
}

Expected<VtPtr> callTensorMethod(InstructionTranslator& tx, const vt::GetAttrVariable& m,
                                 std::vector<VtPtr> args,
                                 std::vector<std::pair<std::string, VtPtr>> kwargs) {
  auto* t = static_cast<vt::TensorVariable*>(m.object().get());
  const std::string& name = m.name();
  const fake::TensorMeta& meta = t->meta();
  if ((name == "size" || name == "dim" || name == "numel" || name == "ndimension" ||
       name == "stride" || name == "is_contiguous") &&
      kwargs.empty()) {
    for (auto& a : args) {
      auto r = tx.realize(a);
      if (!r) return r.error();
      a = *r;
    }
    int64_t ndim = static_cast<int64_t>(meta.sizes.size());
    auto dimArg = [&]() -> std::optional<int64_t> {
      if (args.size() != 1 || args[0]->kind() != vt::VtKind::kConstant) return std::nullopt;
      auto d = static_cast<ConstantVariable*>(args[0].get())->asInt();
      if (!d) return std::nullopt;
      int64_t k = *d < 0 ? *d + ndim : *d;
      if (k < 0 || k >= ndim) return std::nullopt;
      return k;
    };
    if (name == "dim" || name == "ndimension") return ConstantVariable::make(ndim);
    if (name == "numel") return ConstantVariable::make(meta.numel());
    if (name == "is_contiguous" && args.empty()) return ConstantVariable::make(meta.isContiguous());
    const fake::Shape& xs = name == "stride" ? meta.strides : meta.sizes;
    if (args.empty()) {
      std::vector<VtPtr> dims;
      for (int64_t s : xs) dims.push_back(ConstantVariable::make(s));
      return name == "size" ? vt::makeSize(std::move(dims)) : vt::makeTuple(std::move(dims));
    }
    if (auto k = dimArg()) return ConstantVariable::make(xs[static_cast<size_t>(*k)]);
    return unsupported("tensor." + name + "() with these arguments");
  }
  if ((name == "is_floating_point" || name == "is_complex" || name == "element_size" ||
       name == "is_contiguous") &&
      args.empty() && kwargs.empty()) {
    if (name == "is_floating_point") return ConstantVariable::make(fake::isFloating(meta.dtype));
    if (name == "is_complex") return ConstantVariable::make(fake::isComplex(meta.dtype));
    if (name == "element_size")
      return ConstantVariable::make(int64_t{fake::elementSize(meta.dtype)});
  }
  if (name == "item") {
    // TensorVariable.method_item with capture_scalar_outputs=False.
    return Ops::graphBreak(tx, "Unsupported Tensor.item() call with capture_scalar_outputs=False",
                           "Dynamo does not support tracing Tensor.item()");
  }
  if (name == "tolist" && !fake::isIntegral(meta.dtype, true)) {
    return Ops::graphBreak(tx, "Tensor.tolist() with non-integer tensor",
                           "Dynamo only traces tolist() of integer tensors");
  }
  if (name == "tolist" || name == "numpy" || name == "backward") {
    return unsupported("tensor." + name + "()");
  }
  std::vector<VtPtr> full;
  full.push_back(m.object());
  for (auto& a : args) full.push_back(std::move(a));
  return Ops::tensorCall(tx, true, name, "Tensor." + name, std::move(full), std::move(kwargs));
}

// Methods of lists and dicts (ListVariable.call_method, ConstDictVariable.call_method).
// Mutating a container that existed before the frame is a side effect (core part 2).
// Methods of a constant str (ConstantVariable.call_method runs the real method on the
// constant and wraps the result). ASCII only, as indexing is.
Expected<VtPtr> callStrMethod(InstructionTranslator& tx, const std::string& self,
                              const std::string& meth, std::vector<VtPtr> args) {
  std::vector<std::string> strs;
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
    auto* c = dynamic_cast<ConstantVariable*>(r->get());
    const auto* s = c ? std::get_if<std::string>(&c->value()) : nullptr;
    if (s) strs.push_back(*s);
  }
  auto isSpace = [](char ch) { return ch == ' ' || (ch >= '\t' && ch <= '\r'); };
  if ((meth == "startswith" || meth == "endswith") && args.size() == 1 && strs.size() == 1) {
    const std::string& p = strs[0];
    bool ok = p.size() <= self.size() &&
              (meth == "startswith" ? self.compare(0, p.size(), p) == 0
                                    : self.compare(self.size() - p.size(), p.size(), p) == 0);
    return ConstantVariable::make(ok);
  }
  if ((meth == "upper" || meth == "lower") && args.empty()) {
    std::string out = self;
    for (char& ch : out) {
      if (meth == "upper" && ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 32);
      if (meth == "lower" && ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch + 32);
    }
    return ConstantVariable::make(out);
  }
  if ((meth == "strip" || meth == "lstrip" || meth == "rstrip") && args.empty()) {
    size_t b = 0, e = self.size();
    if (meth != "rstrip")
      while (b < e && isSpace(self[b])) ++b;
    if (meth != "lstrip")
      while (e > b && isSpace(self[e - 1])) --e;
    return ConstantVariable::make(self.substr(b, e - b));
  }
  if (meth == "replace" && args.size() == 2 && strs.size() == 2 && !strs[0].empty()) {
    std::string out;
    size_t at = 0;
    for (size_t hit; (hit = self.find(strs[0], at)) != std::string::npos; at = hit + strs[0].size())
      out += self.substr(at, hit - at) + strs[1];
    return ConstantVariable::make(out + self.substr(at));
  }
  if (meth == "split" && args.size() == 1 && strs.size() == 1 && !strs[0].empty()) {
    std::vector<VtPtr> parts;
    size_t at = 0;
    for (size_t hit; (hit = self.find(strs[0], at)) != std::string::npos; at = hit + strs[0].size())
      parts.push_back(ConstantVariable::make(self.substr(at, hit - at)));
    parts.push_back(ConstantVariable::make(self.substr(at)));
    return vt::makeList(std::move(parts));
  }
  if (meth == "isdigit" && args.empty()) {
    bool ok = !self.empty();
    for (char ch : self) ok = ok && ch >= '0' && ch <= '9';
    return ConstantVariable::make(ok);
  }
  if (meth == "join" && args.size() == 1) {
    auto items = iterItems(tx, args[0]);
    if (!items) return items.error();
    std::string out;
    for (size_t i = 0; i < items->size(); ++i) {
      auto r = tx.realize((*items)[i]);
      if (!r) return r;
      auto* c = dynamic_cast<ConstantVariable*>(r->get());
      const auto* s = c ? std::get_if<std::string>(&c->value()) : nullptr;
      if (!s) return unsupported("str.join of a " + (*r)->pythonTypeName());
      out += (i ? self : "") + *s;
    }
    return ConstantVariable::make(out);
  }
  return unsupported("str." + meth + " with these arguments");
}

Expected<VtPtr> callContainerMethod(InstructionTranslator& tx, const vt::GetAttrVariable& m,
                                    std::vector<VtPtr> args,
                                    std::vector<std::pair<std::string, VtPtr>> kwargs) {
  const std::string& meth = m.name();
  VtPtr self = m.object();
  if (auto* c = dynamic_cast<ConstantVariable*>(self.get())) {
    const auto* str = std::get_if<std::string>(&c->value());
    if (!str || !kwargs.empty()) return unsupported("method " + meth + " of a constant");
    for (unsigned char ch : *str)
      if (ch >= 0x80) return unsupported("str methods of a non-ASCII str");
    return callStrMethod(tx, *str, meth, std::move(args));
  }
  if (!kwargs.empty() && !(self->kind() == vt::VtKind::kDict && meth == "update"))
    return unsupported("keyword arguments to " + self->pythonTypeName() + "." + meth);
  auto mutating = [&]() -> Status {
    if (self->mutationType() == vt::MutationType::kValueMutationExisting) {
      if (self->kind() != vt::VtKind::kList) {
        return unsupported("mutation of a pre-existing " + self->pythonTypeName() + " via ." +
                           meth);
      }
      // Buffered in SideEffects and written back after the graph.
      tx.context().sideEffects.markMutated(self.get(), "." + meth + "()");
    }
    return Status::success();
  };
  if (auto* dict = dynamic_cast<vt::DictVariable*>(self.get())) {
    // The entry whose key == `key` (Python equality), if any.
    auto findKey = [&](const VtPtr& key) -> Expected<std::optional<size_t>> {
      for (size_t i = 0; i < dict->entries().size(); ++i) {
        auto eq = Ops::applyOperator(tx, "operator.eq", {dict->entries()[i].first, key});
        if (!eq) return eq.error();
        auto* c = dynamic_cast<ConstantVariable*>(eq->get());
        if (c && constantTruth(c->value())) return std::optional<size_t>(i);
      }
      return std::optional<size_t>();
    };
    if (meth == "get" && (args.size() == 1 || args.size() == 2)) {
      auto key = tx.realize(args[0]);
      if (!key) return key;
      auto at = findKey(*key);
      if (!at) return at.error();
      if (*at) return dict->entries()[**at].second;
      if ((*key)->kind() != vt::VtKind::kConstant)
        return unsupported("dict.get with a " + (*key)->pythonTypeName() + " key");
      Ops::dictContainsGuard(tx, self, *key, false);
      return args.size() == 2 ? args[1] : ConstantVariable::make(vt::NoneValue{});
    }
    if ((meth == "keys" || meth == "values" || meth == "items") && args.empty()) {
      // Iterating a dict view of a pre-existing dict guards its keys
      // (ConstDictVariable.install_dict_keys_match_guard).
      if (self->source())
        tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, self->source()->name());
      std::vector<VtPtr> items;
      for (const auto& [k, v] : dict->entries()) {
        items.push_back(meth == "keys" ? k : meth == "values" ? v : vt::makeTuple({k, v}));
      }
      VtPtr view = vt::makeList(std::move(items));
      static_cast<vt::SequenceVariable*>(view.get())->setViewType("dict_" + meth);
      return view;
    }
    // ConstDictVariable.call_method: update and setdefault guard the keys of a dict with
    // a source (install_dict_keys_match_guard), update those of a sourced argument too,
    // and a pre-existing dict they change is written back after the graph.
    auto markChanged = [&] {
      if (self->mutationType() == vt::MutationType::kValueMutationExisting)
        tx.context().sideEffects.markMutated(self.get(), "." + meth + "()");
    };
    if (meth == "update" && args.size() <= 1) {
      if (self->source())
        tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, self->source()->name());
      std::vector<std::pair<VtPtr, VtPtr>> incoming;
      if (args.size() == 1) {
        auto other = tx.realize(args[0]);
        if (!other) return other;
        auto* od = dynamic_cast<vt::DictVariable*>(other->get());
        if (!od) return unsupported("dict.update with a " + (*other)->pythonTypeName());
        if ((*other)->source())
          tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, (*other)->source()->name());
        incoming = od->entries();
      }
      for (const auto& [k, v] : kwargs) incoming.emplace_back(ConstantVariable::make(k), v);
      markChanged();
      for (const auto& [k, v] : incoming) {
        auto at = findKey(k);
        if (!at) return at.error();
        if (*at) {
          dict->mutableEntries()[**at].second = v;
        } else {
          dict->mutableEntries().emplace_back(k, v);
        }
      }
      return ConstantVariable::make(vt::NoneValue{});
    }
    if (meth == "setdefault" && (args.size() == 1 || args.size() == 2) && kwargs.empty()) {
      if (self->source())
        tx.context().output.addGuard(GuardKind::DICT_KEYS_MATCH, self->source()->name());
      auto key = tx.realize(args[0]);
      if (!key) return key;
      if ((*key)->kind() != vt::VtKind::kConstant)
        return unsupported("dict.setdefault with a " + (*key)->pythonTypeName() + " key");
      auto at = findKey(*key);
      if (!at) return at.error();
      if (*at) return dict->entries()[**at].second;
      VtPtr value = args.size() == 2 ? args[1] : ConstantVariable::make(vt::NoneValue{});
      markChanged();
      dict->mutableEntries().emplace_back(*key, value);
      return value;
    }
  }
  if (auto* set = dynamic_cast<vt::SetVariable*>(self.get())) {
    // SetVariable.call_method: add / discard / remove of a constant; a pre-existing set
    // changed is written back after the graph.
    if ((meth == "add" || meth == "discard" || meth == "remove") && args.size() == 1) {
      auto item = tx.realize(args[0]);
      if (!item) return item;
      if ((*item)->kind() != vt::VtKind::kConstant)
        return unsupported("set." + meth + " of a " + (*item)->pythonTypeName());
      auto at = setIndex(*set, *item);
      if (meth == "remove" && !at)
        return unsupported("set.remove of a missing item (KeyError path)");
      if (self->mutationType() == vt::MutationType::kValueMutationExisting)
        tx.context().sideEffects.markMutated(self.get(), "." + meth + "()");
      auto& items = set->mutableItems();
      if (meth == "add" && !at) items.push_back(*item);
      if (meth != "add" && at) items.erase(items.begin() + static_cast<std::ptrdiff_t>(*at));
      return ConstantVariable::make(vt::NoneValue{});
    }
  }
  if (auto* list = dynamic_cast<vt::SequenceVariable*>(self.get());
      list && list->kind() == vt::VtKind::kList) {
    if (meth == "append" && args.size() == 1) {
      if (Status st = mutating(); !st) return st.error();
      list->mutableItems().push_back(args[0]);
      return ConstantVariable::make(vt::NoneValue{});
    }
    if (meth == "extend" && args.size() == 1) {
      if (Status st = mutating(); !st) return st.error();
      auto items = iterItems(tx, args[0]);
      if (!items) return items.error();
      for (auto& item : *items) list->mutableItems().push_back(item);
      return ConstantVariable::make(vt::NoneValue{});
    }
    if (meth == "pop" && args.size() <= 1) {
      if (Status st = mutating(); !st) return st.error();
      auto& items = list->mutableItems();
      if (items.empty()) return unsupported("pop from an empty list (IndexError path)");
      int64_t n = static_cast<int64_t>(items.size()), k = n - 1;
      if (args.size() == 1) {
        auto r = tx.realize(args[0]);
        if (!r) return r;
        auto* c = dynamic_cast<ConstantVariable*>(r->get());
        if (!c || !c->asInt()) return unsupported("list.pop with a non-constant index");
        k = *c->asInt() < 0 ? *c->asInt() + n : *c->asInt();
        if (k < 0 || k >= n) return unsupported("pop index out of range (IndexError path)");
      }
      VtPtr out = items[static_cast<size_t>(k)];
      items.erase(items.begin() + k);
      return out;
    }
    if (meth == "insert" && args.size() == 2) {
      if (Status st = mutating(); !st) return st.error();
      auto r = tx.realize(args[0]);
      if (!r) return r;
      auto* c = dynamic_cast<ConstantVariable*>(r->get());
      if (!c || !c->asInt()) return unsupported("list.insert with a non-constant index");
      auto& items = list->mutableItems();
      int64_t n = static_cast<int64_t>(items.size());
      int64_t k = std::clamp<int64_t>(*c->asInt() < 0 ? *c->asInt() + n : *c->asInt(), 0, n);
      items.insert(items.begin() + k, args[1]);
      return ConstantVariable::make(vt::NoneValue{});
    }
  }
  return unsupported("call of method " + meth + " on " + self->pythonTypeName());
}

}  // namespace

Status Ops::kwNames() {
  auto names = tx.ctx_.trace.object(inst.constRef);
  if (!names || names->which() != schema::Object::Which::TUPLE)
    return Error("bad bytecode: KW_NAMES constant");
  tx.kwNames_.clear();
  for (auto ref : names->getTuple()) {
    auto s = tx.ctx_.trace.object(ref);
    if (!s || s->which() != schema::Object::Which::STR)
      return Error("bad bytecode: KW_NAMES entry");
    tx.kwNames_.push_back(s->getStr());
  }
  return Status::success();
}

Status Ops::call() {
  size_t argc = static_cast<size_t>(inst.arg);
  if (argc + 2 > tx.stack_.size()) return Error("bad bytecode: CALL beyond the stack");
  std::vector<VtPtr> contents(tx.stack_.end() - static_cast<std::ptrdiff_t>(argc + 2),
                              tx.stack_.end());
  tx.stack_.resize(tx.stack_.size() - argc - 2);
  VtPtr fn;
  std::vector<VtPtr> args;
  if (contents[0]->kind() == vt::VtKind::kNull) {
    fn = contents[1];
    args.assign(contents.begin() + 2, contents.end());
  } else {
    fn = contents[0];
    args.assign(contents.begin() + 1, contents.end());
  }
  std::vector<std::pair<std::string, VtPtr>> kwargs;
  if (!tx.kwNames_.empty()) {
    if (tx.kwNames_.size() > args.size())
      return Error("bad bytecode: more keyword names than arguments");
    size_t first = args.size() - tx.kwNames_.size();
    for (size_t i = 0; i < tx.kwNames_.size(); ++i)
      kwargs.emplace_back(tx.kwNames_[i], args[first + i]);
    args.resize(first);
    tx.kwNames_.clear();
  }
  auto r = callFunction(tx, fn, std::move(args), std::move(kwargs));
  if (!r) return r.error();
  tx.push(*r);
  return Status::success();
}

Status Ops::callFunctionEx() {
  VtPtr kwargsVt;
  if (inst.arg & 1) {
    auto k = tx.pop();
    if (!k) return k.error();
    kwargsVt = *k;
  }
  auto a = tx.pop();
  if (!a) return a.error();
  auto f = tx.pop();
  if (!f) return f.error();
  if (!tx.stack_.empty() && tx.stack_.back()->kind() == vt::VtKind::kNull) tx.stack_.pop_back();
  auto items = iterItems(tx, *a);
  if (!items) return items.error();
  std::vector<std::pair<std::string, VtPtr>> kwargs;
  if (kwargsVt) {
    auto k = tx.realize(kwargsVt);
    if (!k) return k.error();
    auto* dict = dynamic_cast<vt::DictVariable*>(k->get());
    if (!dict) return unsupported("**kwargs of type " + (*k)->pythonTypeName());
    for (const auto& [key, value] : dict->entries()) {
      auto* c = dynamic_cast<ConstantVariable*>(key.get());
      auto* s = c ? std::get_if<std::string>(&c->value()) : nullptr;
      if (!s) return unsupported("**kwargs with a non-string key");
      kwargs.emplace_back(*s, value);
    }
  }
  auto r = callFunction(tx, *f, *items, std::move(kwargs));
  if (!r) return r.error();
  tx.push(*r);
  return Status::success();
}

// GradModeVariable._call_func: a grad-mode change is a torch._C._set_grad_enabled node
// (coalesced: none when the mode is already the target), and the mode fake tensors see.
void Ops::setGradMode(InstructionTranslator& tx, bool enabled) {
  if (tx.ctx_.gradEnabled == enabled) return;
  tx.ctx_.output.callFunction("torch._C._set_grad_enabled", {GraphArg::ofConstant(enabled)}, {});
  tx.ctx_.gradEnabled = enabled;
}

// BEFORE_WITH: enter the context manager, push its __exit__ and what __enter__ returns.
Status Ops::beforeWith() {
  auto m = tx.pop();
  if (!m) return m.error();
  auto mgr = tx.realize(*m);
  if (!mgr) return mgr.error();
  auto* g = dynamic_cast<vt::GradModeVariable*>(mgr->get());
  if (!g || g->isClass())
    return unsupported("a with statement on a " + (*mgr)->pythonTypeName() +
                       " (only torch.no_grad() and torch.enable_grad() are modelled)");
  setGradMode(tx, g->target());
  tx.push(std::make_shared<vt::WithExitVariable>(*mgr));
  tx.push(ConstantVariable::make(vt::NoneValue{}));
  return Status::success();
}

Expected<VtPtr> Ops::callFunction(InstructionTranslator& tx, const VtPtr& fnIn,
                                  std::vector<VtPtr> args,
                                  std::vector<std::pair<std::string, VtPtr>> kwargs) {
  auto fnR = tx.realize(fnIn);
  if (!fnR) return fnR;
  const VtPtr& fn = *fnR;
  switch (fn->kind()) {
    case vt::VtKind::kBuiltin:
      return callBuiltin(tx, static_cast<vt::BuiltinVariable&>(*fn), std::move(args),
                         std::move(kwargs));
    case vt::VtKind::kTorchFunction: {
      auto& tf = static_cast<vt::TorchFunctionVariable&>(*fn);
      return tensorCall(tx, false, tf.qualname(), tf.qualname(), std::move(args),
                        std::move(kwargs));
    }
    case vt::VtKind::kGetAttr: {
      auto& m = static_cast<vt::GetAttrVariable&>(*fn);
      if (m.object()->kind() == vt::VtKind::kTensor)
        return callTensorMethod(tx, m, std::move(args), std::move(kwargs));
      return callContainerMethod(tx, m, std::move(args), std::move(kwargs));
    }
    case vt::VtKind::kUserFunction:
    case vt::VtKind::kNestedFunction:
      return InstructionTranslator::inlineCall(tx.ctx_, tx, *fn, std::move(args),
                                               std::move(kwargs));
    case vt::VtKind::kUserObject: return callUserObject(tx, fn, std::move(args), std::move(kwargs));
    case vt::VtKind::kGradMode: {
      auto& g = static_cast<vt::GradModeVariable&>(*fn);
      if (!g.isClass()) return unsupported("calling a grad-mode context manager (as a decorator)");
      if (!args.empty() || !kwargs.empty()) return unsupported("torch.no_grad with arguments");
      // GradModeVariable.create: initial_values is the grad mode when it is made.
      return VtPtr(std::make_shared<vt::GradModeVariable>(false, g.target(), tx.ctx_.gradEnabled));
    }
    case vt::VtKind::kWithExit: {
      // GradModeVariable.exit: back to the mode it was made in.
      auto& e = static_cast<vt::WithExitVariable&>(*fn);
      auto& g = static_cast<const vt::GradModeVariable&>(*e.manager());
      setGradMode(tx, g.initial());
      return ConstantVariable::make(vt::NoneValue{});
    }
    case vt::VtKind::kSkipped: {
      auto& sk = static_cast<vt::SkippedFunctionVariable&>(*fn);
      return graphBreak(tx, sk.gbType(), sk.explanation());
    }
    case vt::VtKind::kUserClass:
      return constructUserObject(tx, fn, std::move(args), std::move(kwargs));
    case vt::VtKind::kUserMethod: {
      auto& m = static_cast<vt::UserMethodVariable&>(*fn);
      args.insert(args.begin(), m.self());
      return InstructionTranslator::inlineCall(tx.ctx_, tx, *m.function(), std::move(args),
                                               std::move(kwargs));
    }
    case vt::VtKind::kNull: return Error("bad bytecode: call of NULL");
    default:
      return unsupported("call of a " + fn->pythonTypeName() + " (" + vt::vtKindName(fn->kind()) +
                         ")");
  }
}

namespace {

// as_python_constant() succeeds for these (after realisation).
bool convertsToConstant(const VtPtr& v, int depth = 0) {
  if (!v || depth > 16) return false;
  switch (v->kind()) {
    case vt::VtKind::kConstant:
    case vt::VtKind::kDtype:
    case vt::VtKind::kUserFunction:
    case vt::VtKind::kBuiltin:
    case vt::VtKind::kTorchFunction:
    case vt::VtKind::kModule:
    case vt::VtKind::kCode: return true;
    case vt::VtKind::kTuple:
    case vt::VtKind::kList:
    case vt::VtKind::kSize:
      for (const auto& item : static_cast<vt::SequenceVariable*>(v.get())->items()) {
        if (!convertsToConstant(item, depth + 1)) return false;
      }
      return true;
    default: return false;
  }
}

// check_inlineable -> trace_rules.check_verbose -> NestedUserFunctionVariable.get_function:
// the first time a code object is inlined, Dynamo rebuilds the nested function as a
// Python function, converting each closure cell's contents to a constant in order.
// That realises the (lazy) contents, installing their guards and graph inputs, and
// stops at the first value that does not convert (a tensor).
Status realizeClosureForInlineCheck(InstructionTranslator& tx, const vt::NestedFunctionVariable& fn,
                                    std::set<const vt::VariableTracker*>& converting) {
  if (!converting.insert(&fn).second) return Error("cycle");
  for (const auto& c : fn.closure()) {
    auto* cell = dynamic_cast<vt::CellVariable*>(c.get());
    if (!cell || !cell->contents()) return Error("empty cell");
    if (auto* inner = dynamic_cast<vt::NestedFunctionVariable*>(cell->contents().get())) {
      if (Status s = realizeClosureForInlineCheck(tx, *inner, converting); !s) return s;
      continue;
    }
    auto r = tx.realize(cell->contents());
    if (!r) {
      if (r.error().message().rfind("unsupported:", 0) == 0) return r.error();
      return Error("stop");
    }
    if (!convertsToConstant(*r)) return Error("stop");
  }
  return Status::success();
}

}  // namespace

Expected<VtPtr> Ops::inlineFunction(TracingContext& ctx, InstructionTranslator& parent,
                                    const vt::VariableTracker& fnVar, std::vector<VtPtr> args,
                                    std::vector<std::pair<std::string, VtPtr>> kwargs) {
  // What is called: a recorded function (defaults and closure from the trace, with
  // sources under the function's source) or one made by MAKE_FUNCTION while tracing
  // (defaults and closure are trackers already).
  const auto* recorded = dynamic_cast<const vt::UserFunctionVariable*>(&fnVar);
  const auto* nested = dynamic_cast<const vt::NestedFunctionVariable*>(&fnVar);
  if (!recorded && !nested) return Error("internal: inlining a " + fnVar.repr());
  const std::string qualname = recorded ? recorded->qualname() : nested->qualname();
  std::optional<schema::Function::Reader> f;
  trace::ObjRef codeRef = 0, globals = 0;
  if (recorded) {
    auto fobj = ctx.trace.object(recorded->function());
    if (!fobj || fobj->which() != schema::Object::Which::FUNCTION)
      return Error("function missing from trace");
    f = fobj->getFunction();
    codeRef = f->getCode();
    globals = f->getGlobals();
  } else {
    codeRef = nested->code();
    globals = nested->globals();
  }
  auto code = bytecode::codeFromTrace(ctx.trace, codeRef);
  if (!code) return code.error();
  if (code->flags &
      (bytecode::kCoGenerator | bytecode::kCoCoroutine | bytecode::kCoAsyncGenerator)) {
    return unsupported("inlining a generator or coroutine " + qualname);
  }
  auto insts = bytecode::decodeInstructions(*code);
  if (!insts) return insts.error();
  if (nested && ctx.inlinedCodes.insert(codeRef).second) {
    std::set<const vt::VariableTracker*> converting;
    Status s = realizeClosureForInlineCheck(parent, *nested, converting);
    if (!s && s.error().message().rfind("unsupported:", 0) == 0) return s.error();
  } else if (recorded) {
    ctx.inlinedCodes.insert(codeRef);
  }
  // bind_args.
  size_t argcount = code->argcount, kwonly = code->kwonlyargcount;
  bool hasVarargs = code->flags & bytecode::kCoVarargs;
  bool hasVarkw = code->flags & bytecode::kCoVarkeywords;
  if (code->varnames.size() < argcount + kwonly + hasVarargs + hasVarkw)
    return Error("code varnames too short");
  std::vector<VtPtr> bound(argcount + kwonly);
  std::vector<VtPtr> extra;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i < argcount) {
      bound[i] = args[i];
    } else if (hasVarargs) {
      extra.push_back(args[i]);
    } else {
      return unsupported("too many positional arguments to " + qualname + " (TypeError path)");
    }
  }
  std::vector<std::pair<VtPtr, VtPtr>> extraKw;
  for (auto& [name, value] : kwargs) {
    size_t idx = SIZE_MAX;
    for (size_t i = code->posonlyargcount; i < argcount + kwonly; ++i) {
      if (code->varnames[i] == name) idx = i;
    }
    if (idx != SIZE_MAX) {
      if (bound[idx])
        return unsupported("multiple values for argument " + name + " (TypeError path)");
      bound[idx] = value;
    } else if (hasVarkw) {
      extraKw.emplace_back(ConstantVariable::make(name), value);
    } else {
      return unsupported("unexpected keyword argument " + name + " (TypeError path)");
    }
  }
  vt::SourcePtr fnSource = fnVar.source();
  if (recorded) {
    // Defaults, wrapped lazily from the function's recorded __defaults__.
    if (auto defaults = ctx.trace.object(f->getDefaults());
        f->getDefaults() && defaults && defaults->which() == schema::Object::Which::TUPLE) {
      auto items = defaults->getTuple();
      size_t first = argcount - std::min<size_t>(argcount, items.size());
      for (size_t i = first; i < argcount; ++i) {
        if (bound[i]) continue;
        vt::SourcePtr src;
        if (fnSource) {
          auto defSrc = vt::Source::attr(fnSource, "__defaults__");
          ctx.output.addGuard(GuardKind::SEQUENCE_LENGTH, defSrc->name());
          src = vt::Source::item(defSrc, std::to_string(i - first));
        }
        bound[i] = std::make_shared<LazyVariable>(items[static_cast<unsigned>(i - first)], src);
      }
    }
    if (auto kwd = ctx.trace.object(f->getKwdefaults());
        f->getKwdefaults() && kwd && kwd->which() == schema::Object::Which::DICT) {
      for (auto entry : kwd->getDict()) {
        auto key = ctx.trace.object(entry.getKey());
        if (!key || key->which() != schema::Object::Which::STR) continue;
        for (size_t i = argcount; i < argcount + kwonly; ++i) {
          if (!bound[i] && code->varnames[i] == key->getStr()) {
            vt::SourcePtr src;
            if (fnSource)
              src = vt::Source::item(vt::Source::attr(fnSource, "__kwdefaults__"),
                                     vt::pyStrRepr(code->varnames[i]));
            bound[i] = std::make_shared<LazyVariable>(entry.getValue(), src);
          }
        }
      }
    }
  } else {
    if (const auto* d = dynamic_cast<const vt::SequenceVariable*>(nested->defaults().get())) {
      const auto& items = d->items();
      size_t first = argcount - std::min<size_t>(argcount, items.size());
      for (size_t i = first; i < argcount; ++i) {
        if (!bound[i]) bound[i] = items[i - first];
      }
    }
    if (const auto* d = dynamic_cast<const vt::DictVariable*>(nested->kwdefaults().get())) {
      for (const auto& [k, v] : d->entries()) {
        auto* key = dynamic_cast<const vt::ConstantVariable*>(k.get());
        const auto* name = key ? std::get_if<std::string>(&key->value()) : nullptr;
        if (!name) continue;
        for (size_t i = argcount; i < argcount + kwonly; ++i) {
          if (!bound[i] && code->varnames[i] == *name) bound[i] = v;
        }
      }
    }
  }
  for (size_t i = 0; i < bound.size(); ++i) {
    if (!bound[i])
      return unsupported("missing argument " + code->varnames[i] + " to " + qualname +
                         " (TypeError path)");
  }
  InstructionTranslator child(ctx, *code, std::move(*insts), globals, &parent);
  // Code running in another module's globals reads them through import_source.
  if (globals != ctx.event.getFrame().getGlobals())
    child.setGlobalsModule(recorded ? std::string(f->getModule().cStr()) : parent.globalsModule());
  for (size_t i = 0; i < bound.size(); ++i) child.setLocal(code->varnames[i], bound[i]);
  size_t next = argcount + kwonly;
  if (hasVarargs) child.setLocal(code->varnames[next++], vt::makeTuple(std::move(extra)));
  if (hasVarkw) {
    child.setLocal(code->varnames[next++],
                   std::make_shared<vt::DictVariable>(std::move(extraKw), nullptr,
                                                      vt::MutationType::kValueMutationNew));
  }
  // init_cellvars: the callee's own cells are new; an argument that is also a cell
  // moves into its cell.
  for (const std::string& name : code->cellvars) {
    auto cell = ctx.sideEffects.trackCellNew(name);
    auto it = child.locals().find(name);
    if (it != child.locals().end()) {
      cell->setContents(it->second);
      child.eraseLocal(name);
    }
    child.setCell(name, std::move(cell));
  }
  // The closure: a nested function's CellVariables, or the recorded function's cells,
  // found again by identity if the frame has reached them before.
  if (nested) {
    if (nested->closure().size() != code->freevars.size())
      return Error("closure of " + qualname + " does not match its co_freevars");
    for (size_t i = 0; i < code->freevars.size(); ++i) {
      auto cell = std::dynamic_pointer_cast<vt::CellVariable>(nested->closure()[i]);
      if (!cell) return Error("closure of " + qualname + " holds a non-cell");
      child.setCell(code->freevars[i], std::move(cell));
    }
  } else {
    auto closure = f->getClosure();
    if (closure.size() != code->freevars.size())
      return Error("closure of " + qualname + " does not match its co_freevars");
    for (unsigned i = 0; i < closure.size(); ++i) {
      vt::SourcePtr cellSource, contentsSource;
      if (fnSource) {
        cellSource = vt::Source::item(vt::Source::attr(fnSource, "__closure__"), std::to_string(i));
        contentsSource = vt::Source::cellContents(cellSource);
      }
      auto cell = existingCell(ctx, closure[i], code->freevars[i], cellSource, contentsSource);
      if (!cell) return cell.error();
      child.setCell(code->freevars[i], std::move(*cell));
    }
  }
  ++ctx.inlineDepth;
  if (ctx.hooks && ctx.hooks->onInline) ctx.hooks->onInline(child);
  auto result = child.run();
  if (ctx.hooks && ctx.hooks->onReturn) ctx.hooks->onReturn(child);
  --ctx.inlineDepth;
  return result;
}

}  // namespace dynrr::tracer
