// builtin_library.cpp — the library callables BuiltinVariable's table dispatches to
// (torch/_dynamo/variables/builtin.py call_sum, functools.py FunctoolsPartialVariable,
// itertools.py ItertoolsVariable, torch.py's constant-folded torch.finfo/iinfo/device) and
// the polyfills Dynamo inlines for them (polyfills/builtins.py sum, polyfills/functools.py
// reduce, polyfills/itertools.py islice/chain).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <unordered_map>
#include <unordered_set>

#include "core/fake/device.h"
#include "core/trace/trace_format.h"
#include "core/tracer/instruction_translator.h"
#include "core/tracer/tensor_ops.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/builtin.h"
#include "core/vt/builtin_internal.h"
#include "core/vt/constant.h"
#include "core/vt/dicts.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/iter.h"
#include "core/vt/lists.h"
#include "core/vt/misc.h"
#include "core/vt/sets.h"
#include "core/vt/sym_node.h"
#include "core/vt/torch.h"
#include "core/vt/user_defined.h"

namespace dynrr::vt::builtin_detail {

using guards::GuardKind;

namespace {
// builtins.sum (PolyfilledFunctionVariable.call_function). With the iterable a list,
// tuple or range of constants and a constant start, Dynamo folds the call
// (can_constant_fold_through). Otherwise it inlines the polyfill: polyfills/builtins.py
// sum -> functools.reduce(operator.add, iterable, start) in polyfills/functools.py, whose
// global reads guard the polyfill modules and what it takes from them; reduce calls
// iter() on the iterable and adds from `start` on.
// The loop of polyfills/functools.py reduce: `value = function(value, element)` for each
// element pulled from the iterator; its STORE_FASTs name the nodes value / element.
Expected<VtPtr> reduceLoop(Tx& tx, IteratorVariable& iter, VtPtr value,
                           const std::function<Expected<VtPtr>(const VtPtr&, const VtPtr&)>& fn) {
  tracer::applyNameHint(tx, value, "value");
  for (;;) {
    auto element = iter.nextVariable(tx);
    if (!element) return element;
    if (!*element) return value;
    tracer::applyNameHint(tx, *element, "element");
    auto r = fn(value, *element);
    if (!r) return r;
    value = *r;
    tracer::applyNameHint(tx, value, "value");
  }
}
}  // namespace

void polyfillModuleGlobal(Tx& tx, const std::string& polyfillGlobal, const std::string& name,
                          GuardKind attrKind, const std::string& attr, bool guardAttr) {
  auto& ctx = tx.context();
  auto& out = ctx.output;
  const std::string mod = "G['" + polyfillGlobal + "']";
  // The polyfill module's global `name` is the standard module: when the frame (or another
  // polyfill) already wrapped it from its own source, VariableBuilder finds that tracker
  // again (DUPLICATE_INPUT on this source) and the attribute read goes through the first.
  std::string first;
  for (const auto& [id, v] : ctx.objectsByIdentity) {
    auto* m = dynamic_cast<const ModuleVariable*>(v.get());
    if (m && m->name() == name && m->source()) {
      first = m->source()->name();
      break;
    }
  }
  if (first.empty()) {
    auto known = ctx.polyfillModuleSources.find(name);
    if (known != ctx.polyfillModuleSources.end()) first = known->second;
  }
  if (first.empty() || first == mod + "." + name) {  // none, or this source
    ctx.polyfillModuleSources.emplace(name, mod + "." + name);
    out.addGuard(GuardKind::MODULE_MATCH, mod + "." + name);
    if (guardAttr) out.addGuard(attrKind, mod + "." + name + "." + attr);
    // The tracker made here is the one found when the same module is read later from
    // another source (DUPLICATE_INPUT there, attributes through here).
    trace::ObjRef ref = tracer::VariableBuilder::findRecorded(ctx, "module", name);
    if (auto rec = ref ? ctx.trace.object(ref)
                       : Expected<schema::Object::Reader>(Error("module not recorded"));
        rec && rec->getIdentity() != 0 && !ctx.objectsByIdentity.count(rec->getIdentity())) {
      auto src = Source::moduleAttr(Source::global(polyfillGlobal), name);
      ctx.objectsByIdentity[rec->getIdentity()] = std::make_shared<ModuleVariable>(ref, name, src);
    }
  } else {
    out.addGuard(GuardKind::DUPLICATE_INPUT, mod + "." + name);
    if (guardAttr) out.addGuard(attrKind, first + "." + attr);
  }
}

Expected<VtPtr> callSum(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 1 && args.size() != 2) return notModelled();
  VtPtr start = args.size() == 2 ? args[1] : ConstantVariable::make(int64_t{0});
  auto& out = tx.context().output;
  // `added`: reduce called operator.add at least once (an empty iterable never reads it,
  // so its lazily built tracker installs no guard).
  auto guardPolyfill = [&](bool added) {
    const std::string builtinsMod = "G['__import_torch_dot__dynamo_dot_polyfills_dot_builtins']";
    const std::string functoolsMod = "G['__import_torch_dot__dynamo_dot_polyfills_dot_functools']";
    out.addGuard(GuardKind::MODULE_MATCH, builtinsMod);
    auto moduleGlobal = [&](const std::string& name, GuardKind attrKind, const std::string& attr) {
      polyfillModuleGlobal(tx, "__import_torch_dot__dynamo_dot_polyfills_dot_builtins", name,
                           attrKind, attr, attrKind != GuardKind::BUILTIN_MATCH || added);
    };
    moduleGlobal("functools", GuardKind::ID_MATCH, "reduce");  // polyfilled
    moduleGlobal("operator", GuardKind::BUILTIN_MATCH, "add");
    out.addGuard(GuardKind::MODULE_MATCH, functoolsMod);
    out.addGuard(GuardKind::TYPE_MATCH, functoolsMod + "._initial_missing");  // an object()
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['iter']");
  };
  // reduce's `value = initial`, `for element in it:` and `value = function(value,
  // element)` are STORE_FASTs in the inlined polyfill: they name the tensors' nodes.
  if (IteratorVariable* iter = asIterator(args[0])) {
    // An iterator is no constant: the polyfill runs, pulling one item at a time.
    auto s = tx.realize(start);
    if (!s) return s;
    bool added = false;
    auto r = reduceLoop(tx, *iter, *s, [&](const VtPtr& a, const VtPtr& b) {
      added = true;
      return applyOperator(tx, "operator.add", {a, b});
    });
    guardPolyfill(added);
    return r;
  }
  auto it = iterItems(tx, args[0]);
  if (!it) return it.error();
  // can_constant_fold_through: check_unspec_or_constant_args asks each argument, the
  // iterable's items first, whether it is a constant, realising lazy values in that
  // order and stopping at the first that is not; `start` comes after.
  std::vector<VtPtr> items = *it;
  bool foldable = true;
  if (const SequenceVariable* seq = asSequence(args[0])) {
    foldable = seq->viewType().empty();
  } else {
    foldable = args[0]->kind() == VtKind::kRange;
  }
  size_t i = 0;
  for (; i < items.size() && foldable; ++i) {
    auto r = tx.realize(items[i]);
    if (!r) return r.error();
    items[i] = *r;
    foldable = items[i]->kind() == VtKind::kConstant;
  }
  if (auto r = tx.realize(start); r)
    start = *r;
  else
    return r.error();
  foldable = foldable && start->kind() == VtKind::kConstant;
  for (; i < items.size(); ++i) {
    auto r = tx.realize(items[i]);
    if (!r) return r.error();
    items[i] = *r;
    foldable = foldable && items[i]->kind() == VtKind::kConstant;
  }
  if (!foldable) guardPolyfill(!items.empty());
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

Expected<VtPtr> callSumKw(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  if (VtPtr start = takeKwarg(kwargs, "start")) {
    if (args.size() != 1) return notModelled();
    args.push_back(start);
  }
  if (!kwargs.empty()) return notModelled();
  return callSum(tx, name, args);
}

// functools.partial(func, *args, **keywords) (FunctoolsPartialVariable).
Expected<VtPtr> callPartial(Tx&, const std::string&, Args& args, Kwargs& kwargs) {
  if (args.empty()) return notModelled();
  VtPtr func = args[0];
  Args rest(args.begin() + 1, args.end());
  Kwargs keywords = kwargs;
  kwargs.clear();
  return VtPtr(std::make_shared<PartialVariable>(func, std::move(rest), std::move(keywords)));
}

// collections.deque(iterable=None, maxlen=None) (UserDefinedClassVariable.call_function:
// the iterable unpacked, a DequeVariable). Only maxlen=0 is modelled: the idiom that
// consumes an iterator for its side effects (torch.utils._pytree.tree_map_'s
// `deque(map(func, *flat_args), maxlen=0)`), whose deque holds nothing.
Expected<VtPtr> callDeque(Tx& tx, const std::string&, Args& args, Kwargs& kwargs) {
  VtPtr iterable = args.empty() ? nullptr : args[0];
  VtPtr maxlen = args.size() > 1 ? args[1] : nullptr;
  if (VtPtr k = takeKwarg(kwargs, "iterable")) iterable = k;
  if (VtPtr k = takeKwarg(kwargs, "maxlen")) maxlen = k;
  if (!kwargs.empty() || args.size() > 2) return notModelled();
  if (!maxlen || constantInt(maxlen) != 0)
    return unsupported("collections.deque other than deque(iterable, maxlen=0) (DequeVariable)");
  if (iterable) {
    auto it = getIter(tx, iterable);
    if (!it) return it;
    auto items = asIterator(*it)->unpackVarSequence(tx);
    if (!items) return items.error();
  }
  return makeList({});
}

// functools.reduce(function, iterable[, initial]): Dynamo inlines its polyfill
// (polyfills/functools.py): `it = iter(iterable)`, `value = initial`, or `next(it)` when
// no initial is given, then `value = function(value, element)` for each element. Its
// global reads are guarded (iter, next, the module and its _initial_missing sentinel), and
// its STORE_FASTs name the nodes value / element.
Expected<VtPtr> callReduce(Tx& tx, const std::string&, Args& args) {
  if (args.size() != 2 && args.size() != 3) return notModelled();
  auto& out = tx.context().output;
  const std::string mod = "G['__import_torch_dot__dynamo_dot_polyfills_dot_functools']";
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['iter']");
  out.addGuard(GuardKind::MODULE_MATCH, mod);
  out.addGuard(GuardKind::TYPE_MATCH, mod + "._initial_missing");
  auto it = getIter(tx, args[1]);
  if (!it) return it;
  IteratorVariable* iter = asIterator(*it);
  VtPtr value;
  if (args.size() == 3) {
    value = args[2];
  } else {
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['next']");
    auto first = iter->nextVariable(tx);
    if (!first) return first;
    if (!*first)
      return unsupported(
          "functools.reduce of an empty iterable with no initial "
          "value (TypeError path)");
    value = *first;
  }
  return reduceLoop(tx, *iter, value, [&](const VtPtr& a, const VtPtr& b) {
    return args[0]->callFunction(tx, {a, b}, {});
  });
}

namespace {
// itertools (ItertoolsVariable.call_function): product(*seqs, repeat=r),
// combinations(iterable, r) and permutations(iterable[, r]) unpack their arguments and
// give a list iterator of tuples; chain and chain.from_iterable are lazy (their polyfills
// are generators).
// itertools.islice(iterable, [start,] stop[, step]): Dynamo substitutes
// polyfills.itertools.islice, a generator inlined; its reads of the builtins install
// BUILTIN_MATCH on slice, and for stop None CLASS_MATCH on enumerate (itself the
// enumerate polyfill: isinstance, int), else BUILTIN_MATCH on range, max and zip. Over a sequence
// (list, tuple, dict view, range) the generator's items are computed at once (not over tensors,
// which its loop would name); iterators (partly consumed by islice), generators, lazy maps and the
// ValueError path are not modelled.
Expected<VtPtr> callIslice(Tx& tx, Args& args, Kwargs& kwargs) {
  if (!kwargs.empty() || args.size() < 2 || args.size() > 4) return notModelled();
  auto& out = tx.context().output;
  std::optional<int64_t> bounds[3];  // start, stop, step as slice(*args) gives them
  std::vector<VtPtr> given(args.begin() + 1, args.end());
  if (given.size() == 1) given.insert(given.begin(), ConstantVariable::make(NoneValue{}));
  for (size_t i = 0; i < given.size(); ++i) {
    auto r = tx.realize(given[i]);
    if (!r) return r.error();
    const ConstantVariable* c = asConstant(*r);
    if (c && c->isNone()) continue;
    auto v = constantInt(*r);
    if (!v) return unsupported("itertools.islice with a bound that is not a constant int");
    bounds[i] = *v;
  }
  out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['slice']");
  int64_t start = bounds[0].value_or(0), step = bounds[2].value_or(1);
  if (start < 0 || (bounds[1] && *bounds[1] < 0) || step <= 0)
    return unsupported("itertools.islice with negative bounds or step (ValueError path)");
  auto src = tx.realize(args[0]);
  if (!src) return src.error();
  VtKind k = (*src)->kind();
  bool materialised =
      k == VtKind::kTuple || k == VtKind::kList || k == VtKind::kDict || k == VtKind::kRange;
  if (!materialised)
    return unsupported("itertools.islice over a " + (*src)->pythonTypeName() +
                       " (the polyfill's lazy iteration is not modelled)");
  if (!bounds[1]) {
    out.addGuard(GuardKind::CLASS_MATCH, "G['__builtins_dict___0']['enumerate']");
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['isinstance']");
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['int']");
  } else {
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['range']");
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['max']");
    out.addGuard(GuardKind::BUILTIN_MATCH, "G['__builtins_dict___0']['zip']");
  }
  auto items = iterItems(tx, *src);
  if (!items) return items.error();
  int64_t end = static_cast<int64_t>(items->size());
  if (bounds[1]) end = std::min(end, std::max(start, *bounds[1]));
  std::vector<VtPtr> picked;
  for (int64_t i = 0; i < end; ++i) {
    const VtPtr& item = (*items)[static_cast<size_t>(i)];
    // The generator's STORE_FASTs name a tensor x / element as far as the consumer
    // pulls it, which is not known here.
    if (item->kind() == VtKind::kTensor)
      return unsupported("itertools.islice over tensors (name hints of the lazy polyfill)");
    if (i >= start && (i - start) % step == 0) picked.push_back(item);
  }
  return VtPtr(std::make_shared<ListIteratorVariable>(std::move(picked)));
}
}  // namespace

// itertools.zip_longest(*iterables, fillvalue=None): Dynamo substitutes
// polyfills.itertools.zip_longest, a generator inlined. Its reads guard the result: list,
// map, iter and len as it starts; the enumerate polyfill (CLASS_MATCH, and its isinstance
// and int) and next for each row, StopIteration when an iterator runs out, tuple for each
// row yielded, and, when an iterator runs out while another is still active (any call
// with two iterables or more), itertools.repeat through the polyfill module's `itertools`
// global: the frame's own itertools module found again (DUPLICATE_INPUT, the attribute
// read through the first source). Over sequences of constants consumed in full (list(),
// a for loop) the rows are computed at once; tensors and iterators are not modelled.
Expected<VtPtr> callZipLongest(Tx& tx, Args& args, Kwargs& kwargs) {
  VtPtr fill = ConstantVariable::make(NoneValue{});
  for (auto& [k, v] : kwargs) {
    if (k != "fillvalue") return notModelled();
    fill = v;
  }
  kwargs.clear();
  auto& out = tx.context().output;
  auto builtin = [&](GuardKind kind, const char* name) {
    out.addGuard(kind, std::string("G['__builtins_dict___0']['") + name + "']");
  };
  std::vector<std::vector<VtPtr>> pools;
  size_t rows = 0;
  for (const auto& a : args) {
    auto src = tx.realize(a);
    if (!src) return src.error();
    VtKind k = (*src)->kind();
    const ConstantVariable* c = asConstant(*src);
    if (!(k == VtKind::kTuple || k == VtKind::kList || k == VtKind::kRange || (c && c->asStr())))
      return unsupported("itertools.zip_longest over a " + (*src)->pythonTypeName() +
                         " (the polyfill's lazy iteration is not modelled)");
    auto items = iterItems(tx, *src);
    if (!items) return items.error();
    for (const auto& item : *items)
      if (item->kind() != VtKind::kConstant)
        return unsupported("itertools.zip_longest over a " + item->pythonTypeName() +
                           " item (name hints of the lazy polyfill)");
    rows = std::max(rows, items->size());
    pools.push_back(std::move(*items));
  }
  for (const char* b : {"list", "map", "iter", "len"}) builtin(GuardKind::BUILTIN_MATCH, b);
  std::vector<VtPtr> result;
  if (!pools.empty()) {
    builtin(GuardKind::CLASS_MATCH, "enumerate");
    for (const char* b : {"isinstance", "int", "next", "StopIteration"})
      builtin(GuardKind::BUILTIN_MATCH, b);
    if (rows > 0) builtin(GuardKind::BUILTIN_MATCH, "tuple");
    if (pools.size() >= 2) {
      const std::string mod = "G['__import_torch_dot__dynamo_dot_polyfills_dot_itertools']";
      out.addGuard(GuardKind::MODULE_MATCH, mod);
      std::string first;
      for (const auto& [id, v] : tx.context().objectsByIdentity) {
        auto* m = dynamic_cast<const ModuleVariable*>(v.get());
        if (m && m->name() == "itertools" && m->source()) first = m->source()->name();
      }
      if (first.empty()) {
        out.addGuard(GuardKind::MODULE_MATCH, mod + ".itertools");
        out.addGuard(GuardKind::CLASS_MATCH, mod + ".itertools.repeat");
      } else {
        out.addGuard(GuardKind::DUPLICATE_INPUT, mod + ".itertools");
        out.addGuard(GuardKind::CLASS_MATCH, first + ".repeat");
      }
    }
  }
  for (size_t i = 0; i < rows; ++i) {
    std::vector<VtPtr> row;
    for (const auto& pool : pools) row.push_back(i < pool.size() ? pool[i] : fill);
    result.push_back(makeTuple(std::move(row)));
  }
  return VtPtr(std::make_shared<ListIteratorVariable>(std::move(result)));
}

Expected<VtPtr> callItertools(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  if (name == "itertools.islice") return callIslice(tx, args, kwargs);
  if (name == "itertools.zip_longest") return callZipLongest(tx, args, kwargs);
  if (name == "itertools.chain" || name == "itertools.chain.from_iterable") {
    if (!kwargs.empty()) return notModelled();
    VtPtr outer;
    if (name == "itertools.chain") {
      outer = std::make_shared<ListIteratorVariable>(args);
    } else {
      if (args.size() != 1) return notModelled();
      auto it = getIter(tx, args[0]);
      if (!it) return it;
      outer = *it;
    }
    return VtPtr(std::make_shared<ChainVariable>(outer));
  }
  std::vector<std::vector<VtPtr>> pools;
  auto unpack = [&](const VtPtr& v) -> Status {
    auto items = iterItems(tx, v);
    if (!items) return items.error();
    pools.push_back(std::move(*items));
    return Status::success();
  };
  std::vector<VtPtr> rows;
  // At most 65,536 rows of at most 65,536 items: a row is a tuple tracker, and 2**20 of
  // them (checkMaterialized's bound) took 15 s under the sanitizers (deep fuzzer, issue 21).
  constexpr int64_t kMaxRows = int64_t{1} << 16;
  auto emit = [&](const std::vector<VtPtr>& row) -> Status {
    if (static_cast<int64_t>(rows.size()) >= kMaxRows)
      return unsupported(name + " of more than " + std::to_string(kMaxRows) + " results");
    rows.push_back(makeTuple(row));
    return Status::success();
  };
  if (name == "itertools.product") {
    int64_t repeat = 1;
    if (VtPtr r = takeKwarg(kwargs, "repeat")) {
      auto c = constantInt(r);
      if (!c || *c < 0) return unsupported("itertools.product(repeat=" + r->pythonTypeName() + ")");
      repeat = *c;
    }
    if (!kwargs.empty()) return notModelled();
    for (const auto& a : args) {
      if (Status st = unpack(a); !st) return st.error();
    }
    if (!pools.empty() && repeat > kMaxRows / static_cast<int64_t>(pools.size()))
      return unsupported("itertools.product with rows of more than " + std::to_string(kMaxRows) +
                         " items");
    std::vector<std::vector<VtPtr>> all;
    for (int64_t k = 0; k < repeat; ++k) all.insert(all.end(), pools.begin(), pools.end());
    std::vector<size_t> idx(all.size(), 0);
    for (const auto& p : all)
      if (p.empty()) return VtPtr(std::make_shared<ListIteratorVariable>(std::move(rows)));
    for (;;) {
      std::vector<VtPtr> row;
      for (size_t i = 0; i < all.size(); ++i) row.push_back(all[i][idx[i]]);
      if (Status st = emit(row); !st) return st.error();
      size_t i = all.size();
      while (i > 0) {
        --i;
        if (++idx[i] < all[i].size()) break;
        idx[i] = 0;
        if (i == 0) return VtPtr(std::make_shared<ListIteratorVariable>(std::move(rows)));
      }
      if (all.empty()) return VtPtr(std::make_shared<ListIteratorVariable>(std::move(rows)));
    }
  }
  if (!kwargs.empty()) return notModelled();
  bool perm = name == "itertools.permutations";
  if (!(name == "itertools.combinations" && args.size() == 2) &&
      !(perm && (args.size() == 1 || args.size() == 2)))
    return notModelled();
  if (Status st = unpack(args[0]); !st) return st.error();
  const auto& pool = pools[0];
  int64_t n = static_cast<int64_t>(pool.size());
  int64_t r = n;
  if (args.size() == 2) {
    auto c = constantInt(args[1]);
    if (!c) return unsupported(name + " with a length that is not a constant");
    r = *c;
  }
  if (r < 0) return unsupported(name + " with a negative length (ValueError path)");
  if (r > n) return VtPtr(std::make_shared<ListIteratorVariable>(std::move(rows)));
  // Python's orders: combinations lexicographic by index, permutations likewise.
  std::vector<int64_t> chosen;
  std::vector<bool> used(static_cast<size_t>(n), false);
  std::function<Status(int64_t)> rec = [&](int64_t start) -> Status {
    if (static_cast<int64_t>(chosen.size()) == r) {
      std::vector<VtPtr> row;
      for (int64_t i : chosen) row.push_back(pool[static_cast<size_t>(i)]);
      return emit(row);
    }
    for (int64_t i = perm ? 0 : start; i < n; ++i) {
      if (perm && used[static_cast<size_t>(i)]) continue;
      used[static_cast<size_t>(i)] = true;
      chosen.push_back(i);
      if (Status st = rec(i + 1); !st) return st;
      chosen.pop_back();
      used[static_cast<size_t>(i)] = false;
    }
    return Status::success();
  };
  if (Status st = rec(0); !st) return st.error();
  return VtPtr(std::make_shared<ListIteratorVariable>(std::move(rows)));
}

// torch.finfo / torch.iinfo (constant-folded classes) and torch.device(type[, index]) /
// torch.device("type:index"), a constant.
Expected<VtPtr> callTorchClass(Tx& tx, const std::string& name, Args& args, Kwargs& kwargs) {
  if (name == "torch.finfo" || name == "torch.iinfo") {
    if (!kwargs.empty()) return notModelled();
    return makeDtypeInfo(tx, name == "torch.finfo", args);
  }
  VtPtr type = args.empty() ? takeKwarg(kwargs, "type") : args[0];
  VtPtr index = args.size() > 1 ? args[1] : takeKwarg(kwargs, "index");
  if (!type || args.size() > 2 || !kwargs.empty()) return notModelled();
  const ConstantVariable* c = asConstant(type);
  if (c) {
    if (const auto* t = std::get_if<TorchConstant>(&c->value());
        t && t->kind == TorchConstant::Kind::kDevice && !index)
      return type;
  }
  const std::string* s = c ? c->asStr() : nullptr;
  if (!s) return unsupported("torch.device of a " + type->pythonTypeName());
  std::string text = *s;
  if (index) {
    auto i = constantInt(index);
    if (!i || text.find(':') != std::string::npos)
      return unsupported("torch.device with this index");
    text += ":" + std::to_string(*i);
  }
  auto d = fake::Device::parse(text);
  if (!d) return unsupported("torch.device(" + text + ") (RuntimeError path)");
  return ConstantVariable::make(TorchConstant{TorchConstant::Kind::kDevice, d->str()});
}

}  // namespace dynrr::vt::builtin_detail
