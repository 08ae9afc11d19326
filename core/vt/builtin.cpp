// builtin.cpp — see builtin.h. BuiltinVariable.call_function: a lookup of the builtin's
// handler by name (Dynamo's call_<name> methods and the polyfills it inlines for
// enumerate and sum), with lazy arguments realised first as Dynamo's handler dispatch
// does. Each handler says "not modelled" by returning an empty Error, which becomes
// `unsupported: call to builtin <name>`.
#include "core/vt/builtin.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "core/fake/device.h"
#include "core/trace/trace_format.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin_internal.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/iter.h"
#include "core/vt/lazy.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/sets.h"
#include "core/vt/sym_node.h"
#include "core/vt/torch.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt {

namespace builtin_detail {

// Removes and returns keyword `key` (nullptr when absent).
VtPtr takeKwarg(Kwargs& kwargs, const std::string& key) {
  for (auto it = kwargs.begin(); it != kwargs.end(); ++it) {
    if (it->first == key) {
      VtPtr v = it->second;
      kwargs.erase(it);
      return v;
    }
  }
  return nullptr;
}

// "Not modelled with these arguments": the caller reports the generic reason.
Error notModelled() { return Error(""); }

Expected<std::vector<VtPtr>> iterItems(Tx& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  return (*r)->unpackVarSequence(tx);
}
}  // namespace builtin_detail

namespace {
using namespace builtin_detail;

using guards::GuardKind;
using Handler = Expected<VtPtr> (*)(Tx& tx, const std::string& name, Args& args);
// Handlers that take keyword arguments (sorted(key=), zip(strict=), ...): they consume
// the ones they know and leave the rest, which the caller refuses by name.
using KwHandler = Expected<VtPtr> (*)(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs);

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
  if (UserObjectVariable* obj = asUserObject(args[0])) {
    auto it = obj->iterate(tx);
    if (!it || asIterator(*it)) return it;
    auto items = (*it)->unpackVarSequence(tx);
    if (!items) return items.error();
    return VtPtr(std::make_shared<ListIteratorVariable>(std::move(*items)));
  }
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
Expected<VtPtr> callRange(Tx& tx, const std::string&, Args& args) {
  for (auto& a : args) {
    if (a->kind() == VtKind::kSymInt) {
      auto& si = static_cast<SymIntVariable&>(*a);
      if (!si.isSymbol()) return unsupported("range() of a SymInt expression");
      // guard_int: the symbol equals its hint from now on (a replacement), which
      // produce_guards prints as the source equal to that value.
      tx.context().output.shapeEnv().evaluate(
          symbolic::Relation{si.expr(), symbolic::RelOp::kEq, symbolic::Expr(si.hint())});
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
  // list(EnumClass): call_list guards the length of a sourced argument that is no
  // iterator (SEQUENCE_LENGTH on the class), then extends with what iterating gives.
  if (args.size() == 1 && name == "list" && args[0]->kind() == VtKind::kUserClass &&
      static_cast<UserClassVariable&>(*args[0]).isEnumClass(tx) && args[0]->source()) {
    tx.context().output.addGuard(GuardKind::SEQUENCE_LENGTH, args[0]->source()->name());
    auto it = getIter(tx, args[0]);
    if (!it) return it;
    auto drained = drainIterator(tx, *asIterator(*it));
    if (!drained) return drained.error();
    return makeList(std::move(*drained));
  }
  if (args.size() == 1) {
    auto it = iterItems(tx, args[0]);
    if (!it) return it.error();
    items = *it;
  }
  return name == "tuple" ? makeTuple(std::move(items)) : makeList(std::move(items));
}

// enumerate(iterable, start=0), which Dynamo runs through its polyfill
// (polyfills/builtins.py): `isinstance(start, int)` reads both names from the builtins
// dict, guarded, and its `for x in iterable:` is a STORE_FAST that names an item not
// named yet x (seen with real Dynamo: enumerate(powers) names them x, x_1).
Expected<VtPtr> callEnumerate(Tx& tx, const std::string&, Args& args) {
  if (args.empty() || args.size() > 2) return notModelled();
  int64_t start = 0;
  if (args.size() == 2) {
    auto s = constantInt(args[1]);
    if (!s) return unsupported("enumerate start");
    start = *s;
  }
  tx.context().output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['isinstance']");
  tx.context().output.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['int']");
  auto items = iterItems(tx, args[0]);
  if (!items) return items.error();
  std::vector<VtPtr> rows;
  for (size_t i = 0; i < items->size(); ++i) {
    tracer::applyNameHint(tx, (*items)[i], "x");
    rows.push_back(
        makeTuple({ConstantVariable::make(start + static_cast<int64_t>(i)), (*items)[i]}));
  }
  return makeList(std::move(rows));
}

// enumerate(iterable, start=...) with start given by keyword: the same polyfill call.
Expected<VtPtr> callEnumerateKw(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  if (VtPtr start = takeKwarg(kwargs, "start")) {
    if (args.size() != 1) return notModelled();
    args.push_back(start);
  }
  return callEnumerate(tx, name, args);
}

// zip(*iterables, strict=False) (BuiltinVariable.call_zip): a lazy ZipVariable over
// generic_getiter of each argument.
Expected<VtPtr> callZip(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  bool strict = false;
  if (VtPtr s = takeKwarg(kwargs, "strict")) {
    const ConstantVariable* c = asConstant(s);
    if (!c || !c->asInt()) return unsupported("zip(strict=" + s->pythonTypeName() + ")");
    strict = *c->asInt() != 0;
  }
  std::vector<VtPtr> iterators;
  for (auto& a : args) {
    auto it = getIter(tx, a);
    if (!it) return it;
    iterators.push_back(*it);
  }
  return VtPtr(std::make_shared<ZipVariable>(std::move(iterators), strict));
}

// dict(data=(), /, **kwargs) (BuiltinVariable.call_dict -> call_custom_dict): Dynamo
// inlines polyfills.construct_dict, whose mutable_mapping_update copies a Mapping's
// items(), or else (isinstance(data, Iterable)) unpacks each pair, then the keywords.
// The polyfill's global reads are guarded: isinstance, the polyfills module, Mapping,
// mutable_mapping_update, and Iterable when `data` is no Mapping.
// collections.OrderedDict(...) goes the same way, its `cls.__new__(cls)` reading the
// builtins type and issubclass; collections.defaultdict(factory, ...) keeps the factory
// (DefaultDictVariable).
Expected<VtPtr> callDict(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  VtPtr factory;
  if (name == "collections.defaultdict") {
    if (args.empty()) return notModelled();
    factory = args[0];
    args.erase(args.begin());
    const ConstantVariable* c = asConstant(factory);
    if (c && c->isNone()) return unsupported("defaultdict(None)");
  }
  if (args.size() > 1) return notModelled();
  auto& out = tx.context().output;
  const std::string poly = "G['__import_torch_dot__dynamo_dot_polyfills']";
  if (name == "collections.OrderedDict") {
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['type']");
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['issubclass']");
  }
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['isinstance']");
  out.addGuard(GuardKind::MODULE_MATCH, poly);
  out.addGuard(GuardKind::CLOSURE_MATCH, poly + ".mutable_mapping_update");
  // The polyfill's Mapping and Iterable are collections.abc's: when the trace holds the
  // class, it is wrapped (the same class reached from another source is one tracker
  // plus DUPLICATE_INPUT); otherwise only its CLASS_MATCH is known.
  auto abcGuard = [&](const std::string& name) -> Status {
    auto& ctx = tx.context();
    auto src = Source::moduleAttr(Source::global("__import_torch_dot__dynamo_dot_polyfills"), name);
    if (trace::ObjRef ref =
            tracer::VariableBuilder::findRecorded(ctx, "class", "collections.abc." + name)) {
      auto v = tracer::VariableBuilder::wrap(ctx, ref, src);
      if (!v) return v.error();
      return Status::success();
    }
    out.addGuard(GuardKind::CLASS_MATCH, src->name());
    return Status::success();
  };
  if (Status st = abcGuard("Mapping"); !st) return st.error();
  auto result = std::make_shared<DictVariable>(std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr,
                                               MutationType::kValueMutationNew);
  if (name != "dict") result->setUserCls(name, factory);
  if (args.size() == 1 && args[0]->kind() == VtKind::kDict) {
    auto items = args[0]->callMethod(tx, "items", {}, {});
    if (!items) return items;
    auto pairs = (*items)->unpackVarSequence(tx);
    if (!pairs) return pairs.error();
    for (const auto& pair : *pairs) {
      auto kv = pair->unpackVarSequence(tx);
      if (!kv) return kv.error();
      tracer::applyNameHint(tx, (*kv)[1], "value");  // `for key, value in ...`
      if (Status st = result->setEntry(tx, (*kv)[0], (*kv)[1]); !st) return st.error();
    }
  } else {
    if (Status st = abcGuard("Iterable"); !st) return st.error();
    if (args.size() == 1) {
      auto it = getIter(tx, args[0]);
      if (!it) return it;
      for (;;) {
        auto pair = asIterator(*it)->nextVariable(tx);
        if (!pair) return pair;
        if (!*pair) break;
        auto real = tx.realize(*pair);
        if (!real) return real;
        auto kv = (*real)->unpackVarSequence(tx);
        if (!kv) return kv.error();
        if (kv->size() != 2)
          return unsupported("dict() of an item of length " + std::to_string(kv->size()) +
                             " (ValueError path)");
        auto key = tx.realize((*kv)[0]);
        if (!key) return key;
        tracer::applyNameHint(tx, (*kv)[1], "value");
        if (Status st = result->setEntry(tx, *key, (*kv)[1]); !st) return st.error();
      }
    }
  }
  for (auto& [name, value] : kwargs) {
    tracer::applyNameHint(tx, value, "value");
    if (Status st = result->setEntry(tx, ConstantVariable::make(name), value); !st)
      return st.error();
  }
  kwargs.clear();
  return VtPtr(result);
}

// map(fn, *iterables) and filter(fn, iterable) (call_map, call_filter): lazy.
Expected<VtPtr> callMapFilter(Tx& tx, const std::string& name, Args& args) {
  if (args.size() < 2 || (name == "filter" && args.size() != 2)) return notModelled();
  std::vector<VtPtr> iterators;
  for (size_t i = 1; i < args.size(); ++i) {
    auto it = getIter(tx, args[i]);
    if (!it) return it;
    iterators.push_back(*it);
  }
  if (name == "filter") return VtPtr(std::make_shared<FilterVariable>(args[0], iterators[0]));
  return VtPtr(std::make_shared<MapVariable>(args[0], std::move(iterators)));
}

// next(it[, default]) (call_next): StopIteration with a default gives the default.
Expected<VtPtr> callNext(Tx& tx, const std::string&, Args& args) {
  if (args.empty() || args.size() > 2) return notModelled();
  IteratorVariable* it = asIterator(args[0]);
  if (!it) return unsupported("next() of a " + args[0]->pythonTypeName());
  auto next = it->nextVariable(tx);
  if (!next) return next;
  if (*next) return next;
  if (args.size() == 2) return args[1];
  // A StopIteration leaving generator code becomes a RuntimeError (PEP 479): not modelled.
  if (tx.code().flags & bytecode::kCoGenerator)
    return unsupported("next() of an exhausted iterator in generator code (StopIteration path)");
  return raiseObservedException(tx, "StopIteration", {});
}

// slice(stop) / slice(start, stop[, step]) (call_slice -> SliceVariable).
Expected<VtPtr> callSlice(Tx&, const std::string&, Args& args) {
  if (args.empty() || args.size() > 3) return notModelled();
  VtPtr none = ConstantVariable::make(NoneValue{});
  if (args.size() == 1) return VtPtr(std::make_shared<SliceVariable>(none, args[0], none));
  return VtPtr(
      std::make_shared<SliceVariable>(args[0], args[1], args.size() == 3 ? args[2] : none));
}

// set(iterable) and frozenset(iterable) (call_set, call_frozenset): sets of constants.
Expected<VtPtr> callSetType(Tx& tx, const std::string& name, Args& args) {
  if (args.size() > 1) return notModelled();
  if (name == "frozenset" && args.size() == 1 && args[0]->kind() == VtKind::kSet &&
      static_cast<const SetVariable&>(*args[0]).frozen())
    return args[0];
  auto set = std::make_shared<SetVariable>(
      std::vector<VtPtr>{}, nullptr,
      name == "frozenset" ? MutationType::kImmutable : MutationType::kValueMutationNew);
  if (name == "frozenset") set->setFrozen();
  if (args.size() == 1 && name == "set") {
    auto r = set->algebra(tx, "update", {args[0]}, false);
    if (!r) return r;
  } else if (args.size() == 1) {
    auto items = set->itemsOf(tx, args[0]);
    if (!items) return items.error();
    for (const auto& item : *items) {
      if (Status st = set->insert(tx, item); !st) return st.error();
    }
  }
  return VtPtr(set);
}

// all(iterable) / any(iterable): polyfills Dynamo folds when every item is a constant
// (can_constant_fold_through); over other items it inlines the polyfill's loop, whose
// truth tests are not modelled here.
Expected<VtPtr> callAllAny(Tx& tx, const std::string& name, Args& args) {
  if (args.size() != 1) return notModelled();
  auto items = iterItems(tx, args[0]);
  if (!items) return items.error();
  bool any = name == "any";
  for (const auto& item : *items) {
    auto r = tx.realize(item);
    if (!r) return r.error();
    const ConstantVariable* c = asConstant(*r);
    if (!c)
      return unsupported(name + "() over a " + (*r)->pythonTypeName() +
                         " (the inlined polyfill is not modelled)");
    if (constantTruth(c->value()) == any) return ConstantVariable::make(any);
  }
  return ConstantVariable::make(!any);
}

// type(x) (call_type): VariableTracker.build(python_type, TypeSource(source)). Modelled
// for user objects (their recorded class) and for values without a source whose type
// is a builtin class; the rest (torch.Tensor's global alias, 3-argument type) is not.
Expected<VtPtr> callType(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1)
    return unsupported("type() with " + std::to_string(args.size()) + " arguments");
  const VtPtr& x = args[0];
  SourcePtr src =
      x->source() ? Source::expr(x->source(), "type(" + x->source()->name() + ")") : nullptr;
  if (auto* obj = dynamic_cast<UserObjectVariable*>(x.get()); obj && obj->cls()) {
    // VariableTracker.build(tx, py_type, TypeSource(source)): lazy, so the class is
    // guarded (CLASS_MATCH) only when used (seen with real Dynamo: ModelOutput's
    // _register_model_output_pytree_node(type(self)) returns before reading it).
    if (src) return VtPtr(std::make_shared<LazyVariable>(obj->cls(), src));
    return tracer::VariableBuilder::wrap(tx.context(), obj->cls(), src);
  }
  if (x->kind() == VtKind::kTensor && x->pythonTypeName() == "Tensor") {
    // call_type of a torch.Tensor: built from AttrSource(GlobalSource(name), "Tensor")
    // where name = install_global_by_id("", torch) = "_<id(torch)>_c<OutputGraph.compile_id>".
    auto& ctx = tx.context();
    uint64_t torchId = ctx.event.getFrame().getGlobalState().getTorchModuleId();
    int64_t graphId = ctx.event.getOutputGraphId();
    if (torchId == 0 || graphId < 0)
      return unsupported(
          "type() of a Tensor (its global's name embeds id(torch) and the "
          "OutputGraph's compile id, which this trace does not hold: re-record)");
    trace::ObjRef cls = tracer::VariableBuilder::findRecorded(ctx, "class", "torch.Tensor");
    if (!cls) return unsupported("type() of a Tensor (torch.Tensor is not in the trace)");
    std::string name = "_" + std::to_string(torchId) + "_c" + std::to_string(graphId);
    return tracer::VariableBuilder::wrap(ctx, cls, Source::attr(Source::global(name), "Tensor"));
  }
  static const std::unordered_set<std::string> kBuiltinTypes = {
      "int", "float", "bool", "str", "tuple", "list", "dict", "set", "frozenset", "NoneType"};
  if (!x->source() && x->kind() != VtKind::kUserObject &&
      kBuiltinTypes.count(x->pythonTypeName()) && x->pythonTypeName() != "NoneType")
    return VtPtr(std::make_shared<BuiltinVariable>(x->pythonTypeName(), nullptr));
  return unsupported("type() of a " + x->pythonTypeName() + (x->source() ? " with a source" : ""));
}

// callable(x) (call_callable): functions, classes and modules are; constants, tensors,
// lists, tuples and list iterators are not; Dynamo has no answer for the rest (graph break).
Expected<VtPtr> callCallable(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  switch (args[0]->kind()) {
    case VtKind::kUserFunction:
    case VtKind::kNestedFunction:
    case VtKind::kUserMethod:
    case VtKind::kUserClass: return ConstantVariable::make(true);
    case VtKind::kConstant:
    case VtKind::kTensor:
    case VtKind::kSymInt:
    case VtKind::kList:
    case VtKind::kTuple:
    case VtKind::kSize: return ConstantVariable::make(false);
    case VtKind::kUserObject:
      return unsupported("callable() of a user object (callable(value) of the recorded object)");
    default: break;
  }
  if (args[0]->kind() == VtKind::kIterator && args[0]->className() == "ListIteratorVariable")
    return ConstantVariable::make(false);
  // No handler: Dynamo constant-folds callable() of a Python constant (a builtin, a
  // torch function): all callable.
  if (args[0]->kind() == VtKind::kBuiltin || args[0]->kind() == VtKind::kTorchFunction)
    return ConstantVariable::make(true);
  return tracer::graphBreak(
      tx, "Failed to trace builtin operator",
      "Dynamo does not know how to trace builtin operator `callable` with argument types ['" +
          args[0]->pythonTypeName() + "'] (has_kwargs False)");
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
Expected<VtPtr> callNumberType(Tx& tx, const std::string& name, Args& args) {
  // int() / float() / bool() (a defaultdict's factory called for a missing key).
  if (args.empty()) {
    if (name == "int") return ConstantVariable::make(int64_t{0});
    if (name == "float") return ConstantVariable::make(0.0);
    return ConstantVariable::make(false);
  }
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (c && c->asNumber()) {
    if (name == "int") return ConstantVariable::make(static_cast<int64_t>(*c->asNumber()));
    if (name == "float") return ConstantVariable::make(*c->asNumber());
    return ConstantVariable::make(*c->asNumber() != 0);
  }
  // float(n) of a backed SymInt: BuiltinVariable's call of float on a SymNodeVariable, a
  // torch.sym_float node whose value is sympy's ToFloat(n) (no guard).
  if (name == "float" && args[0]->kind() == VtKind::kSymInt) {
    const auto& si = static_cast<const SymIntVariable&>(*args[0]);
    auto& out = tx.context().output;
    if (si.isBool() || si.isFloat() || out.shapeEnv().hasUnbacked(si.expr()))
      return unsupported("float() of a " + std::string(si.isFloat() ? "SymFloat" : "SymBool") +
                         " or an unbacked SymInt (not modelled)");
    NodeId node = out.callFunction("torch.sym_float", {tracer::GraphArg::ofNode(si.node())}, {});
    out.graph().node(node).symExpr = "ToFloat(" + si.expr().str() + ")";
    out.graph().node(node).symValue = si.expr();
    out.graph().node(node).symWrap = "ToFloat";
    auto v = std::make_shared<SymIntVariable>(node, si.hint(), si.fakeValue(), si.expr());
    v->setFloat();
    return VtPtr(std::move(v));
  }
  // int(t) / float(t) of a tensor: nb_int_impl / nb_float_impl (tensor_method_breaks.cpp).
  if (args[0]->kind() == VtKind::kTensor && name != "bool")
    return args[0]->callMethod(tx, "__" + name + "__", {}, {});
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
  // call_reversed: the type's __reversed__ (list, range, dict: a reverse iterator) or the
  // sequence protocol's reverse iterator; an iterator either way, so never a constant
  // that sum() or another builtin folds through.
  if (const UserObjectVariable* o = asUserObject(args[0]))
    return unsupported("reversed() of a " + o->pythonTypeName() +
                       " (Dynamo runs polyfills.builtins' _ReversedSequenceIterator over its "
                       "__len__ and __getitem__, inlined: not modelled)");
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  return VtPtr(
      std::make_shared<ListIteratorVariable>(std::vector<VtPtr>(it->rbegin(), it->rend())));
}

// sorted(iterable, key=None, reverse=False) (call_sorted): a new list sorted by its
// list.sort (ListVariable.call_method("sort")); a tensor argument is not handled.
Expected<VtPtr> callSorted(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.size() != 1) return notModelled();
  if (args[0]->kind() == VtKind::kTensor) return unsupported("sorted() of a tensor");
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  VtPtr list = makeList(std::move(*it));
  Kwargs sortKwargs;
  for (const char* k : {"key", "reverse"}) {
    if (VtPtr v = takeKwarg(kwargs, k)) sortKwargs.emplace_back(k, v);
  }
  if (!kwargs.empty()) return notModelled();
  auto r = list->callMethod(tx, "sort", {}, std::move(sortKwargs));
  if (!r) return r;
  return list;
}

Expected<VtPtr> callDivmod(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2) return notModelled();
  auto q = applyOperator(tx, "operator.floordiv", {args[0], args[1]});
  if (!q) return q;
  auto r = applyOperator(tx, "operator.mod", {args[0], args[1]});
  if (!r) return r;
  return makeTuple({*q, *r});
}

// complex(real=0, imag=0) of int / float / bool constants: constant folding
// (BuiltinVariable's can_constant_fold_through), a complex constant. A str argument, a
// complex part and keyword forms are refused.
Expected<VtPtr> callComplex(Tx&, const std::string&, Args& args) {
  if (args.size() > 2) return notModelled();
  double parts[2] = {0.0, 0.0};
  for (size_t i = 0; i < args.size(); ++i) {
    const ConstantVariable* c = asConstant(args[i]);
    auto n = c ? c->asNumber() : std::nullopt;
    if (!n) return unsupported("complex() of a " + args[i]->pythonTypeName());
    parts[i] = *n;
  }
  return ConstantVariable::make(ComplexValue{parts[0], parts[1]});
}

Expected<VtPtr> callRound(Tx&, const std::string&, Args& args) {
  if (args.size() == 2) {
    // round(number, ndigits) of constants: an int stays itself for ndigits >= 0; a float
    // is rounded as float.__round__ does (the correctly rounded decimal string with
    // ndigits digits, read back), which printf's exact conversion gives.
    const ConstantVariable* c = asConstant(args[0]);
    const ConstantVariable* d = asConstant(args[1]);
    auto nd = d ? d->asInt() : std::nullopt;
    if (!c || !nd || std::holds_alternative<bool>(d->value()))
      return unsupported("round() of " + args[0]->pythonTypeName() + " with " +
                         args[1]->pythonTypeName() + " digits");
    if (*nd < 0 || *nd > 300) return unsupported("round() with ndigits outside [0, 300]");
    if (c->asInt()) return ConstantVariable::make(*c->asInt());
    if (!std::holds_alternative<double>(c->value())) return notModelled();
    double x = std::get<double>(c->value());
    if (!std::isfinite(x) || std::fabs(x) > 1e300) return ConstantVariable::make(x);
    std::vector<char> buf(400);
    std::snprintf(buf.data(), buf.size(), "%.*f", static_cast<int>(*nd), x);
    return ConstantVariable::make(std::strtod(buf.data(), nullptr));
  }
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (c && std::holds_alternative<double>(c->value()))
    return ConstantVariable::make(
        static_cast<int64_t>(std::nearbyint(std::get<double>(c->value()))));
  if (c && c->asInt()) return ConstantVariable::make(*c->asInt());
  return unsupported("round() of " + args[0]->pythonTypeName());
}

Expected<VtPtr> callStr(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  const ConstantVariable* c = asConstant(args[0]);
  if (args[0]->kind() == VtKind::kUserClass) {
    // A class is a Python constant: str() folds to type.__repr__'s "<class 'mod.qual'>".
    auto& cls = static_cast<const UserClassVariable&>(*args[0]);
    auto k = tx.context().trace.object(cls.cls());
    if (!k || k->which() != schema::Object::Which::CLASS)
      return Error("class missing from the trace");
    std::string meta = k->getClass().getMetaclass().cStr();
    if (meta != "type" && meta != "builtins.type")
      return unsupported("str() of a class with metaclass " + meta);
    std::string mod = k->getClass().getModule().cStr();
    std::string qual = k->getClass().getQualname().cStr();
    return ConstantVariable::make("<class '" + (mod == "builtins" ? qual : mod + "." + qual) +
                                  "'>");
  }
  if (args[0]->kind() == VtKind::kBuiltin) {
    // Classes modelled as builtins: str() folds to their repr (_TensorMeta and type do
    // not override __repr__).
    const std::string& n = static_cast<const BuiltinVariable&>(*args[0]).name();
    static const std::unordered_set<std::string> kClasses = {
        "torch.Tensor", "int",       "float",  "bool", "str",   "tuple",   "list",  "dict",
        "set",          "frozenset", "object", "type", "bytes", "complex", "range", "slice"};
    if (kClasses.count(n)) return ConstantVariable::make("<class '" + n + "'>");
  }
  if (!c) return unsupported("str() of " + args[0]->pythonTypeName());
  if (const std::string* s = c->asStr()) return ConstantVariable::make(*s);
  if (auto* t = std::get_if<TorchConstant>(&c->value())) return ConstantVariable::make(t->name);
  return ConstantVariable::make(constantRepr(c->value()));
}

// UserFunctionVariable.call_obj_hasattr: hasattr(fn, name), without a guard; a bound
// method asks its function (UserMethodVariable inherits it). The attributes of every
// function (isFunctionTypeAttr), then the function's own __dict__.
Expected<bool> functionHasattr(Tx& tx, const VtPtr& callable, const std::string& attr) {
  if (isFunctionTypeAttr(attr)) return true;
  VtPtr fn = callable;
  if (auto* m = dynamic_cast<const UserMethodVariable*>(fn.get())) fn = m->function();
  if (fn->kind() == VtKind::kNestedFunction) return false;
  auto* uf = dynamic_cast<const UserFunctionVariable*>(fn.get());
  if (!uf) return unsupported("hasattr on a " + fn->pythonTypeName());
  auto rec = tx.context().trace.object(uf->function());
  if (!rec) return rec.error();
  if (rec->which() != schema::Object::Which::FUNCTION)
    return unsupported("hasattr on a function the trace does not hold (" +
                       std::string(rec->which() == schema::Object::Which::OPAQUE
                                       ? rec->getOpaque().getReason().cStr()
                                       : "not a function") +
                       ")");
  return findAttr(rec->getFunction().getAttrs(), attr).has_value();
}

// call_obj_hasattr of a plain tuple, list or torch.Size (TupleVariable: hasattr((), n),
// ListVariable: hasattr([], n), SizeVariable: hasattr(torch.Size, n)), folded without a
// guard. Null for namedtuples, structseqs and dict views, which answer differently.
std::optional<bool> sequenceHasattr(const VtPtr& v, const std::string& attr) {
  const SequenceVariable* s = asSequence(v);
  if (!s || !s->viewType().empty() || !s->fieldNames().empty() || !s->namedTupleType().empty())
    return std::nullopt;
  // dir(()) (a tuple's attributes are all of its type's).
  static const std::unordered_set<std::string> kTuple = {"__add__",
                                                         "__class__",
                                                         "__class_getitem__",
                                                         "__contains__",
                                                         "__delattr__",
                                                         "__dir__",
                                                         "__doc__",
                                                         "__eq__",
                                                         "__format__",
                                                         "__ge__",
                                                         "__getattribute__",
                                                         "__getitem__",
                                                         "__getnewargs__",
                                                         "__getstate__",
                                                         "__gt__",
                                                         "__hash__",
                                                         "__init__",
                                                         "__init_subclass__",
                                                         "__iter__",
                                                         "__le__",
                                                         "__len__",
                                                         "__lt__",
                                                         "__mul__",
                                                         "__ne__",
                                                         "__new__",
                                                         "__reduce__",
                                                         "__reduce_ex__",
                                                         "__repr__",
                                                         "__rmul__",
                                                         "__setattr__",
                                                         "__sizeof__",
                                                         "__str__",
                                                         "__subclasshook__",
                                                         "count",
                                                         "index"};
  // What a list has besides (a list has no __getnewargs__; its __hash__ is None, still an
  // attribute).
  static const std::unordered_set<std::string> kListExtra = {
      "__delitem__", "__iadd__", "__imul__", "__reversed__", "__setitem__", "append",  "clear",
      "copy",        "extend",   "insert",   "pop",          "remove",      "reverse", "sort"};
  if (v->kind() == VtKind::kList)
    return attr != "__getnewargs__" && (kTuple.count(attr) > 0 || kListExtra.count(attr) > 0);
  if (v->kind() == VtKind::kSize && (attr == "__radd__" || attr == "numel")) return true;
  return kTuple.count(attr) > 0;
}

// getattr / hasattr / setattr with a constant name: var_getattr, call_obj_hasattr and
// the object's __setattr__; getattr with a default asks hasattr first
// (BuiltinVariable.call_getattr).
Expected<VtPtr> callAttrBuiltin(Tx& tx, const std::string& name, Args& args) {
  if (args.size() < 2) return notModelled();
  const std::string* attr = constantStr(args[1]);
  if (!attr) return unsupported(name + " with a non-constant name");
  if (name == "getattr" && args.size() == 2) return args[0]->varGetattr(tx, *attr);
  if (name == "hasattr" && args.size() == 2 && args[0]->kind() == VtKind::kUserClass) {
    auto has = args[0]->callObjHasattr(tx, *attr);
    if (!has) return has.error();
    return ConstantVariable::make(*has);
  }
  if (name == "hasattr" && args.size() == 2 && args[0]->kind() == VtKind::kTensor) {
    // TensorVariable.call_obj_hasattr: a name of all_tensor_attrs is there (no guard);
    // another is an instance attribute or absent: a tensor made while tracing has none.
    static const std::unordered_set<std::string> kTensorAttrs = {
#include "core/vt/tensor_attr_names.inc"
    };
    if (kTensorAttrs.count(*attr)) return ConstantVariable::make(true);
    auto* t = dynamic_cast<const TensorVariable*>(args[0].get());
    if (!args[0]->source() || !t) return ConstantVariable::make(false);
    if (!t->recorded())
      return unsupported("hasattr(" + args[0]->source()->name() + ", '" + *attr +
                         "') on a tensor without its recorded attributes");
    auto rec = tx.context().trace.object(t->recorded());
    if (!rec || rec->which() != schema::Object::Which::TENSOR)
      return Error("tensor missing from the trace");
    bool has = false;
    for (auto a : rec->getTensor().getAttrs()) has = has || a.getName() == *attr;
    tx.context().output.addGuard(GuardKind::HASATTR, args[0]->source()->name());
    return ConstantVariable::make(has);
  }
  if (((name == "hasattr" && args.size() == 2) || (name == "getattr" && args.size() == 3)) &&
      (args[0]->kind() == VtKind::kUserFunction || args[0]->kind() == VtKind::kUserMethod ||
       args[0]->kind() == VtKind::kNestedFunction)) {
    auto has = functionHasattr(tx, args[0], *attr);
    if (!has) return has.error();
    if (name == "hasattr") return ConstantVariable::make(*has);
    return *has ? args[0]->varGetattr(tx, *attr) : args[2];
  }
  if (name == "hasattr" && args.size() == 2) {
    if (auto has = sequenceHasattr(args[0], *attr)) return ConstantVariable::make(*has);
  }
  if (const ConstantVariable* c = asConstant(args[0]);
      c && c->isNone() && attr->rfind("__", 0) != 0 &&
      ((name == "hasattr" && args.size() == 2) || (name == "getattr" && args.size() == 3))) {
    // ConstantVariable.call_obj_hasattr: None has no attribute but its dunders.
    return name == "hasattr" ? ConstantVariable::make(false) : args[2];
  }
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

// `a is b` / `a is not b` (IS_OP; object_protocol.py vt_identity_compare): the same
// tracker is the same object; values backed by recorded objects compare by identity
// (a user class always is; a user object unless made while tracing); a constant is never
// the same object as anything that is not a constant; values of different Python types
// never are; objects made while tracing are distinct unless they are the same tracker.
std::optional<trace::ObjRef> recordedIdentity(const VtPtr& v) {
  if (v->kind() == VtKind::kUserClass) return static_cast<const UserClassVariable&>(*v).cls();
  if (const UserObjectVariable* o = asUserObject(v); o && o->object()) return o->object();
  if (v->kind() == VtKind::kEnum) return static_cast<const EnumVariable&>(*v).identity();
  if (v->kind() == VtKind::kUserFunction) {
    auto* f = dynamic_cast<const UserFunctionVariable*>(v.get());
    if (f && f->function()) return f->function();
  }
  return std::nullopt;
}

// _comparison_with_tensor: two tensors are the same object when their proxies' fake
// example values are; the core's nodes stand for them, except that an in-place op's node
// returns its input's fake tensor (not modelled: unsupported by name).
Expected<bool> tensorsSame(Tx& tx, const VtPtr& a, const VtPtr& b) {
  if (a->kind() != VtKind::kTensor || b->kind() != VtKind::kTensor) return false;
  NodeId na = static_cast<const TensorVariable&>(*a).node();
  NodeId nb = static_cast<const TensorVariable&>(*b).node();
  if (na == nb) return true;
  auto& graph = tx.context().output.graph();
  for (NodeId n : {na, nb}) {
    const std::string& t = graph.node(n).target;
    if (graph.node(n).op.rfind("call_", 0) == 0 && t.size() > 1 && t.back() == '_' &&
        t.substr(t.size() - 2) != "__")
      return unsupported("`is` between tensors, one the result of the in-place op " + t +
                         " (its fake value is its input's)");
  }
  return false;
}

Expected<VtPtr> callIs(Tx& tx, const std::string& name, Args& args) {
  if (args.size() != 2) return notModelled();
  if (args[0]->kind() == VtKind::kTensor || args[1]->kind() == VtKind::kTensor) {
    auto same = tensorsSame(tx, args[0], args[1]);
    if (!same) return same.error();
    return ConstantVariable::make(name == "operator.is_not" ? !*same : *same);
  }
  const ConstantVariable* ca = asConstant(args[0]);
  const ConstantVariable* cb = asConstant(args[1]);
  bool same;
  auto ia = recordedIdentity(args[0]);
  auto ib = recordedIdentity(args[1]);
  bool newObjects = args[0]->mutationType() == MutationType::kAttributeMutationNew ||
                    args[1]->mutationType() == MutationType::kAttributeMutationNew;
  if (ca && cb) {
    same = ca->value().index() == cb->value().index() && ca->value() == cb->value();
  } else if (ca || cb) {
    same = false;
  } else if (args[0].get() == args[1].get()) {
    same = true;
  } else if (ia && ib) {
    same = *ia == *ib;
  } else if (args[0]->kind() == VtKind::kBuiltin && args[1]->kind() == VtKind::kBuiltin) {
    // Builtins (functions and types such as tuple or dict) are one object per name.
    same = static_cast<const BuiltinVariable&>(*args[0]).name() ==
           static_cast<const BuiltinVariable&>(*args[1]).name();
  } else if ((ia || ib) && (asUserObject(args[0]) || asUserObject(args[1]))) {
    same = false;  // one recorded, one made while tracing
  } else if (newObjects && asUserObject(args[0]) && asUserObject(args[1])) {
    same = false;
  } else if (asException(args[0]) && asException(args[1])) {
    same = false;  // exception objects made while tracing: one tracker per object
  } else if (args[0]->kind() != args[1]->kind() &&
             (args[0]->kind() == VtKind::kUserClass || args[1]->kind() == VtKind::kUserClass ||
              asUserObject(args[0]) || asUserObject(args[1]))) {
    same = false;  // different Python types
  } else {
    return unsupported("`is` between two " + args[0]->pythonTypeName() + " values");
  }
  return ConstantVariable::make(name == "operator.is_not" ? !same : same);
}

// BuiltinVariable.call_id: a tracker with a source resolves to its object (get_id), and
// the source is guarded (ID_MATCH, CLASS_MATCH for a class); the result is a constant.
// TODO(fidelity): the trace does not hold CPython's id(); the value here is made from
// the object's identity token (equal for one object, distinct for two), so identity
// tests on it are right but the number itself is not Dynamo's. A sourceless tracker
// (FakeIdVariable) is not modelled.
// types.MappingProxyType(d) (UserDefinedClassVariable.call_function): over a dict made
// or wrapped as a ConstDictVariable, a MappingProxyVariable proxying it.
Expected<VtPtr> callMappingProxy(Tx&, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  auto dict = std::dynamic_pointer_cast<DictVariable>(args[0]);
  if (!dict || !asDict(args[0]))
    return unsupported("types.MappingProxyType of a " + args[0]->pythonTypeName());
  return VtPtr(std::make_shared<MappingProxyVariable>(std::move(dict)));
}

Expected<VtPtr> callId(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1) return notModelled();
  const VtPtr& arg = args[0];
  if (!arg->source()) {
    // get_id: a sourceless value has no runtime object, so call_id mints a
    // FakeIdVariable. Constants are not modelled: None/True/False have their real ids,
    // and which tracker a literal is depends on LOAD_CONST's per-index cache.
    if (arg->kind() == VtKind::kConstant)
      return unsupported(
          "id() of a sourceless constant (real ids of singletons; the "
          "LOAD_CONST cache for literals)");
    return VtPtr(std::make_shared<FakeIdVariable>(arg));
  }
  trace::ObjRef ref = 0;
  GuardKind kind = GuardKind::ID_MATCH;
  if (auto* f = dynamic_cast<const UserFunctionVariable*>(arg.get())) {
    ref = f->function();
  } else if (const UserObjectVariable* o = asUserObject(arg)) {
    ref = o->object();
  } else if (arg->kind() == VtKind::kUserClass) {
    ref = static_cast<const UserClassVariable&>(*arg).cls();
    kind = GuardKind::CLASS_MATCH;
  }
  if (!ref) return unsupported("id() of a " + arg->className());
  auto obj = tx.context().trace.object(ref);
  if (!obj) return obj.error();
  if (obj->getIdentity() == 0) return unsupported("id() of an object recorded without identity");
  tx.context().output.addGuard(kind, arg->source()->name());
  return ConstantVariable::make(
      static_cast<int64_t>((uint64_t{1} << 40) + obj->getIdentity() * 16));
}

// call_delattr: obj.call_method("__delattr__", [name]), as DELETE_ATTR does.
Expected<VtPtr> callDelattr(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2) return notModelled();
  return args[0]->callMethod(tx, "__delattr__", {args[1]}, {});
}

// call_locals / call_vars without arguments (_call_frame_locals_snapshot): a new dict of
// the frame's symbolic locals, in their order, keyed by name. Cells (their load_cell) are
// not modelled.
Expected<VtPtr> callLocals(Tx& tx, const std::string& name, Args& args) {
  if (!args.empty()) return notModelled();
  if (!tx.cells().empty()) return unsupported(name + "() in a frame with cells");
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  for (const std::string& local : tx.localOrder()) {
    auto it = tx.locals().find(local);
    if (it == tx.locals().end() || !it->second) continue;
    entries.emplace_back(ConstantVariable::make(local), it->second);
  }
  return VtPtr(
      std::make_shared<DictVariable>(std::move(entries), nullptr, MutationType::kValueMutationNew));
}

// call_dir answers for classes, builtins and constants only: dir(tensor) finds no
// handler, and the call breaks as an untraceable builtin.
Expected<VtPtr> callDir(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1 || args[0]->kind() != VtKind::kTensor) return notModelled();
  return tracer::graphBreak(tx, "Failed to trace builtin operator",
                            "Dynamo does not know how to trace builtin operator `dir` with "
                            "argument types ['Tensor'] (has_kwargs False)");
}

// call___build_class__ (a class statement inside traced code): with
// config.enable_trace_load_build_class off (the default) it always breaks.
Expected<VtPtr> callBuildClass(Tx& tx, const std::string&, Args&) {
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "enable_trace_load_build_class" &&
        std::string_view(kv.getValue().cStr()) != "False")
      return unsupported("__build_class__ under config.enable_trace_load_build_class");
  return tracer::graphBreak(tx, "Invalid call to __build_class__",
                            "Cannot trace class definition: the class body function is "
                            "unsupported or the base class argument are not compile-time "
                            "constants");
}

// BuiltinVariable has no handler for print (reorderable_logging_functions is empty).
Expected<VtPtr> callPrint(Tx& tx, const std::string&, Args&) {
  return tracer::graphBreak(tx, "Failed to trace builtin operator",
                            "Dynamo does not know how to trace builtin operator `print`");
}

const std::unordered_map<std::string, Handler>& handlers() {
  static const std::unordered_map<std::string, Handler> kTable = {
      {"super", &callSuper},
      {"dir", &callDir},
      {"__build_class__", &callBuildClass},
      {"locals", &callLocals},
      {"vars", &callLocals},
      {"iter", &callIter},
      {"len", &callLen},
      {"range", &callRange},
      {"tuple", &callTupleOrList},
      {"list", &callTupleOrList},
      {"map", &callMapFilter},
      {"filter", &callMapFilter},
      {"next", &callNext},
      {"slice", &callSlice},
      {"set", &callSetType},
      {"frozenset", &callSetType},
      {"all", &callAllAny},
      {"any", &callAllAny},
      {"callable", &callCallable},
      {"type", &callType},
      {"issubclass", &callIssubclass},
      {"functools.reduce", &callReduce},
      {"abs", &callAbs},
      {"int", &callNumberType},
      {"float", &callNumberType},
      {"bool", &callNumberType},
      {"reversed", &callReversed},
      {"divmod", &callDivmod},
      {"round", &callRound},
      {"complex", &callComplex},
      {"isinstance", &callIsinstance},
      {"id", &callId},
      {"delattr", &callDelattr},
      {"mappingproxy", &callMappingProxy},
      {"str", &callStr},
      {"getattr", &callAttrBuiltin},
      {"hasattr", &callAttrBuiltin},
      {"setattr", &callAttrBuiltin},
      {"operator.is_", &callIs},
      {"pow", &callPow},
      {"chr", &callStrFold},
      {"ord", &callStrFold},
      {"hex", &callStrFold},
      {"bin", &callStrFold},
      {"oct", &callStrFold},
      {"ascii", &callStrFold},
      {"repr", &callStrFold},
      {"hash", &callHash},
      {"format", &callFormat},
      {"operator.truth", &callOperatorFold},
      {"operator.length_hint", &callOperatorFold},
      {"operator.contains", &callOperatorFold},
      {"operator.concat", &callOperatorFold},
      {"operator.iconcat", &callOperatorFold},
      {"operator.is_not", &callIs},
  };
  return kTable;
}

const std::unordered_map<std::string, KwHandler>& kwHandlers() {
  static const std::unordered_map<std::string, KwHandler> kTable = {
      {"zip", &callZip},
      {"enumerate", &callEnumerateKw},
      {"min", &callMinMax},
      {"max", &callMinMax},
      {"sorted", &callSorted},
      {"sum", &callSumKw},
      {"dict", &callDict},
      {"collections.OrderedDict", &callDict},
      {"collections.defaultdict", &callDict},
      {"functools.partial", &callPartial},
      {"collections.deque", &callDeque},
      {"itertools.product", &callItertools},
      {"torch.finfo", &callTorchClass},
      {"torch.iinfo", &callTorchClass},
      {"torch.device", &callTorchClass},
      {"itertools.combinations", &callItertools},
      {"itertools.permutations", &callItertools},
      {"itertools.chain", &callItertools},
      {"itertools.islice", &callItertools},
      {"itertools.zip_longest", &callItertools},
      {"itertools.chain.from_iterable", &callItertools},
      {"itertools.pairwise", &callItertoolsPolyfill},
      {"itertools.accumulate", &callItertoolsPolyfill},
      {"itertools.takewhile", &callItertoolsPolyfill},
      {"itertools.dropwhile", &callItertoolsPolyfill},
      {"itertools.starmap", &callItertoolsPolyfill},
      {"itertools.filterfalse", &callItertoolsPolyfill},
      {"itertools.compress", &callItertoolsPolyfill},
      {"itertools.count", &callItertoolsEndless},
      {"itertools.repeat", &callItertoolsEndless},
      {"itertools.cycle", &callItertoolsEndless},
      {"itertools.tee", &callItertoolsTee},
  };
  return kTable;
}

}  // namespace

Expected<VtPtr> BuiltinVariable::call(Tx& tx, const std::string& name, Args args, Kwargs kwargs) {
  bool isOperator = name.rfind("operator.", 0) == 0;
  if (isOperator && kwargs.empty() && !handlers().count(name))
    return applyOperator(tx, name, std::move(args));
  if (name == "print") return callPrint(tx, name, args);
  if (name == "sys.getrecursionlimit") {
    if (!args.empty() || !kwargs.empty())
      return unsupported("sys.getrecursionlimit with arguments");
    return ConstantVariable::make(
        static_cast<int64_t>(tx.context().event.getFrame().getGlobalState().getRecursionLimit()));
  }
  if ((name == "struct.pack" || name == "struct.unpack") && kwargs.empty()) {
    auto r = builtin_detail::callStruct(tx, name, args);
    if (r || !r.error().message().empty()) return r;
    return unsupported("call to " + name + " with these arguments");
  }
  if (name == "os.fspath" || name == "sys.intern") {
    // PolyfilledFunctionVariable with can_constant_fold_through: a str argument folds to
    // itself (os.fspath / sys.intern of a str return it).
    if (args.size() != 1 || !kwargs.empty()) return unsupported(name + " with these arguments");
    auto a = tx.realize(args[0]);
    if (!a) return a;
    const ConstantVariable* c = asConstant(*a);
    if (!c || !c->asStr()) return unsupported(name + "() of a " + (*a)->pythonTypeName());
    return ConstantVariable::make(*c->asStr());
  }
  if (isBuiltinExceptionClass(name)) return makeBuiltinException(name, std::move(args), kwargs);
  auto kw = kwHandlers().find(name);
  if (!kwargs.empty() && kw == kwHandlers().end())
    return unsupported("keyword arguments to builtin " + name);
  for (size_t i = 0; i < args.size(); ++i) {
    if (name == "sum" && i > 0) break;  // see below
    auto r = tx.realize(args[i]);
    if (!r) return r.error();
    args[i] = *r;
  }
  // sum's polyfill checks its arguments for constants items first (check_unspec_or_
  // constant_args over the iterable's items, then the keywords): callSum realises
  // `start` after the items, so the graph's placeholders come in Dynamo's order.
  for (auto& [k, v] : kwargs) {
    if (name == "sum") break;
    auto r = tx.realize(v);
    if (!r) return r.error();
    v = *r;
  }
  if (kw != kwHandlers().end()) {
    auto r = kw->second(tx, name, args, kwargs);
    if (r && !kwargs.empty()) return unsupported("keyword arguments to builtin " + name);
    if (r || !r.error().message().empty()) return r;
    if (!kwargs.empty()) return unsupported("keyword arguments to builtin " + name);
    return unsupported("call to builtin " + name + " (not modelled with these arguments)");
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

namespace {
bool isDictClass(const std::string& name) {
  return name == "dict" || name == "collections.OrderedDict" || name == "collections.defaultdict";
}
}  // namespace

Expected<VtPtr> BuiltinVariable::varGetattr(Tx& tx, const std::string& name) {
  if (name == "from_iterable" && name_ == "itertools.chain")
    return VtPtr(std::make_shared<BuiltinVariable>("itertools.chain.from_iterable"));
  if (name == "fromkeys" && isDictClass(name_))
    return VtPtr(std::make_shared<GetAttrVariable>(self(), name));
  if (name == "__setattr__" && name_ == "object")
    return VtPtr(std::make_shared<BuiltinVariable>("object.__setattr__"));
  // The sourceless torch.Tensor class (a tensor's __class__): UserDefinedClassVariable's
  // type attributes, constants without a guard.
  if (name_ == "torch.Tensor" && !source()) {
    if (name == "__name__" || name == "__qualname__") return ConstantVariable::make("Tensor");
    if (name == "__module__") return ConstantVariable::make("torch");
  }
  return VariableTracker::varGetattr(tx, name);
}

namespace {
// `list[int]`, `dict[str, int]`, `tuple[int, ...]` of builtin types: the alias's repr, or
// "" when an argument is not a builtin type (or Ellipsis) this models.
std::string genericAliasRepr(const std::string& origin, const VtPtr& key) {
  static const std::set<std::string> kTypes = {"int",    "float", "str",    "bool",      "bytes",
                                               "list",   "dict",  "set",    "frozenset", "tuple",
                                               "object", "type",  "complex"};
  std::vector<VtPtr> parts;
  if (key->kind() == VtKind::kTuple)
    parts = static_cast<const SequenceVariable&>(*key).items();
  else
    parts.push_back(key);
  std::string out = origin + "[";
  for (size_t i = 0; i < parts.size(); ++i) {
    const VtPtr& p = parts[i];
    std::string piece;
    if (p->kind() == VtKind::kBuiltin && kTypes.count(static_cast<BuiltinVariable&>(*p).name()))
      piece = static_cast<BuiltinVariable&>(*p).name();
    else if (p->kind() == VtKind::kConstant &&
             std::holds_alternative<EllipsisValue>(static_cast<ConstantVariable&>(*p).value()))
      piece = "...";
    else if (p->kind() == VtKind::kTyping)
      piece = p->describe();
    else
      return "";
    out += (i ? ", " : "") + piece;
  }
  return out + "]";
}
}  // namespace

Expected<VtPtr> BuiltinVariable::callMethod(Tx& tx, const std::string& name, Args args,
                                            Kwargs kwargs) {
  static const std::set<std::string> kGeneric = {"list", "dict",      "tuple",
                                                 "set",  "frozenset", "type"};
  if (name == "__getitem__" && kGeneric.count(name_) && args.size() == 1 && kwargs.empty()) {
    auto key = tx.realize(args[0]);
    if (!key) return key;
    if ((*key)->kind() == VtKind::kTuple) {
      std::vector<VtPtr> items;
      for (const auto& item : static_cast<const SequenceVariable&>(**key).items()) {
        auto r = tx.realize(item);
        if (!r) return r;
        items.push_back(*r);
      }
      *key = makeTuple(std::move(items));
    }
    args[0] = *key;
    std::string repr = genericAliasRepr(name_, args[0]);
    if (!repr.empty()) return VtPtr(std::make_shared<TypingVariable>(repr));
    // `list[Any]` (a function annotation evaluated at MAKE_FUNCTION): kept opaque, its
    // use beyond an annotation refused by name.
    if (args[0]->isPythonConstant())
      return VtPtr(std::make_shared<OpaqueVariable>(
          trace::ObjRef{0}, "types.GenericAlias",
          "a types.GenericAlias (" + name_ + "[...]) used beyond an annotation", nullptr));
    return unsupported(name_ + "[" + args[0]->describe() +
                       "]: a generic alias of other than builtin types");
  }
  if (name != "fromkeys" || !isDictClass(name_))
    return VariableTracker::callMethod(tx, name, std::move(args), std::move(kwargs));
  if (!kwargs.empty()) {
    if (name_ != "collections.OrderedDict" || args.size() != 1 || kwargs.size() != 1 ||
        kwargs[0].first != "value")
      return unsupported(name_ + ".fromkeys with keyword arguments (TypeError path)");
    args.push_back(kwargs[0].second);
  }
  if (args.empty() || args.size() > 2)
    return unsupported(name_ + ".fromkeys arity (TypeError path)");
  if (args.size() == 1) args.push_back(ConstantVariable::make(NoneValue{}));
  auto it = getIter(tx, args[0]);
  if (!it) return it;
  auto keys = asIterator(*it)->unpackVarSequence(tx);
  if (!keys) return keys.error();
  auto result = std::make_shared<DictVariable>(std::vector<std::pair<VtPtr, VtPtr>>{}, nullptr,
                                               MutationType::kValueMutationNew);
  if (name_ != "dict") result->setUserCls(name_);
  for (const auto& k : *keys) {
    auto key = tx.realize(k);
    if (!key) return key;
    if ((*key)->kind() != VtKind::kConstant)
      return unsupported(name_ + ".fromkeys with a " + (*key)->pythonTypeName() + " key");
    if (Status st = result->setEntry(tx, *key, args[1]); !st) return st.error();
  }
  return VtPtr(result);
}

Expected<VtPtr> BuiltinVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (name_ == "object.__setattr__") {
    // object.__setattr__(obj, name, value): the standard store on obj, skipping its
    // class's __setattr__ (a frozen dataclass's __init__ stores its fields so).
    if (args.size() != 3 || !kwargs.empty())
      return unsupported("object.__setattr__ with these arguments");
    auto obj = tx.realize(args[0]);
    if (!obj) return obj;
    return ObjectSetattrVariable(*obj).callFunction(tx, {args[1], args[2]}, {});
  }
  return call(tx, name_, std::move(args), std::move(kwargs));
}

}  // namespace dynrr::vt
