// variable_builder.cpp — turning recorded heap objects into variable trackers, with
// the guards and graph inputs Dynamo installs when it wraps them
// (torch/_dynamo/variables/builder.py VariableBuilder: wrap_tensor ->
// create_graph_input + TENSOR_MATCH, constants -> CONSTANT_MATCH, sequences ->
// SEQUENCE_LENGTH with lazily wrapped items, modules -> MODULE_MATCH, C builtins ->
// BUILTIN_MATCH, Python functions -> CLOSURE_MATCH).
#include "core/tracer/variable_builder.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <unordered_set>

#include "core/fake/dtype.h"
#include "core/guards/rules.h"
#include "core/support/depth_guard.h"
#include "core/support/sha256.h"
#include "core/trace/library_modules.h"
#include "core/trace/object_printer.h"
#include "core/tracer/derived_sizes.h"
#include "core/tracer/dynamic_inputs.h"
#include "core/tracer/export_mode.h"
#include "core/tracer/frame_state.h"
#include "core/tracer/wrap_numpy.h"
#include "core/vt/autocast_mode.h"
#include "core/vt/builtin.h"
#include "core/vt/constant.h"
#include "core/vt/ctx_manager.h"
#include "core/vt/dicts.h"
#include "core/vt/exceptions.h"
#include "core/vt/functions.h"
#include "core/vt/functorch.h"
#include "core/vt/functorch_grad.h"
#include "core/vt/higher_order_ops.h"
#include "core/vt/lists.h"
#include "core/vt/nn_module.h"
#include "core/vt/polyfilled_function.h"
#include "core/vt/sets.h"
#include "core/vt/sym_node.h"
#include "core/vt/sys_function.h"
#include "core/vt/tensor.h"
#include "core/vt/torch.h"
#include "core/vt/user_defined.h"

namespace dynrr::tracer {

const char* const VariableBuilder::kSourcelessTensor = "a recorded tensor reached without a source";

namespace {
using W = schema::Object::Which;
}  // namespace

void VariableBuilder::constantGuards(TracingContext& ctx, const vt::SourcePtr& source, bool isInt) {
  // wrap_literal specialises ints with EQUALS_MATCH (is_int_specialization_case) only
  // when config.specialize_int is off; on (export), an int is a plain lazy constant.
  if (isInt && ctx.trace.configOf(ctx.event).getSpecializeInt()) isInt = false;
  if (source) guards::installConstantGuards(ctx.output.guardSet(), *source, isInt);
}

Expected<VtPtr> VariableBuilder::constantFromHeap(TracingContext& ctx, trace::ObjRef ref) {
  DepthGuard guard;
  if (guard.exceeded()) return guard.error("constant", ref);
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  switch (obj->which()) {
    case W::NONE: return vt::ConstantVariable::make(vt::NoneValue{});
    case W::ELLIPSIS: return vt::ConstantVariable::make(vt::EllipsisValue{});
    case W::BOOL: return vt::ConstantVariable::make(obj->getBool());
    case W::INT: return vt::ConstantVariable::make(obj->getInt());
    case W::FLOAT: return vt::ConstantVariable::make(obj->getFloat());
    case W::STR: return vt::ConstantVariable::make(std::string(obj->getStr().cStr()));
    case W::BYTES: {
      auto d = obj->getBytes();
      return vt::ConstantVariable::make(
          vt::BytesValue{std::string(reinterpret_cast<const char*>(d.begin()), d.size())});
    }
    case W::TUPLE: {
      std::vector<VtPtr> items;
      for (auto item : obj->getTuple()) {
        auto v = constantFromHeap(ctx, item);
        if (!v) return v;
        items.push_back(*v);
      }
      return vt::makeTuple(std::move(items));
    }
    case W::FROZENSET: {
      // A set display's constant part (`{1, 2, 3}` is BUILD_SET + a frozenset +
      // SET_UPDATE): an immutable set of constants.
      std::vector<VtPtr> items;
      for (auto item : obj->getFrozenset()) {
        auto v = constantFromHeap(ctx, item);
        if (!v) return v;
        items.push_back(*v);
      }
      return VtPtr(std::make_shared<vt::SetVariable>(std::move(items), nullptr,
                                                     vt::MutationType::kImmutable));
    }
    case W::CODE:
      return VtPtr(std::make_shared<vt::CodeVariable>(
          ref, std::string(obj->getCode().getQualname().cStr())));
    case W::OPAQUE:
      return unsupported("constant of type " + std::string(obj->getOpaque().getTypeName().cStr()) +
                         " the recorder did not keep (" + obj->getOpaque().getReason().cStr() +
                         ")");
    default: return unsupported("constant of type " + std::string(trace::typeName(ctx.trace, ref)));
  }
}

namespace {

// One VariableBuilder._wrap call: the recorded object, its source, and the guards its
// wrap_* method installs (none without a source: SourcelessBuilder never guards).
struct Wrap {
  TracingContext& ctx;
  trace::ObjRef ref;
  vt::SourcePtr source;
  const schema::Object::Reader* obj;
  std::string srcName;

  void guard(GuardKind kind, const std::string& name, const std::string& detail = "") {
    if (source) ctx.output.addGuard(kind, name, detail);
  }
  Expected<VtPtr> intValue();
  Expected<VtPtr> constant();
  Expected<VtPtr> tensor();
  Expected<VtPtr> freeTensor();
  Expected<VtPtr> listLike();
  Expected<VtPtr> dict();
  bool allKeysLiteral() const;
  Expected<VtPtr> nonConstKeyDict();
  Expected<VtPtr> classObject();
  // classObject's library classes written in Python (not user code, not modelled as
  // builtins): UserDefinedClassVariable where Dynamo makes one, else opaque.
  Expected<VtPtr> libraryClass(const std::string& cmod);
  Expected<VtPtr> callable();
  Expected<VtPtr> function();
  Expected<VtPtr> dtype();
  Expected<VtPtr> device();
  Expected<VtPtr> opaque();
  Expected<VtPtr> set();
  Expected<VtPtr> frozenset();
  Expected<VtPtr> enumMember();
  Expected<VtPtr> dictSubclass(trace::ObjRef cls);
  Expected<VtPtr> tupleSubclass();
  Expected<VtPtr> setSubclass();
  Expected<VtPtr> other();
  Expected<VtPtr> symFloat();
};

Expected<VtPtr> Wrap::intValue() {
  if (source && source->kind() == vt::Source::Kind::kLocal &&
      ctx.dynamicInts.count(source->member())) {
    // wrap_symint: a dynamic int is a torch.SymInt graph input named after its
    // source, symbol s<sha256(source) % 100> as ShapeEnv.create_symbol names it,
    // guarded by type only (its value goes to the shape env's guards).
    symbolic::Expr e = ctx.output.shapeEnv().createIntSymbol(srcName, obj->getInt());
    std::string symbol = *e.asSymbol();
    guard(GuardKind::TYPE_MATCH, srcName);
    NodeId node = ctx.output.symIntInput(symbol, srcName);
    // Fake tensors see a stand-in for it, as for size symbols (the two replays check
    // that what they compute from it is symbolic).
    int64_t standIn = standInFor(ctx, symbol);
    ctx.symbolNodes[symbol] = node;
    return VtPtr(std::make_shared<vt::SymIntVariable>(node, obj->getInt(), standIn, e, source));
  }
  return constant();
}

// wrap_symfloat: a finite float read from a local (specialize_float off, dynamic=True) is
// a 0-d float64 graph input (named after its source) whose item() is a SymFloat over a
// float symbol zf<k> (create_unspecified_symbol), guarded by TYPE_MATCH and, in the shape
// guard, `not math.isnan(...)`. The SymFloat may reach tensor ops as a scalar (the graph
// passes the item node; fake tensors see a float) and be returned (rebuilt from its
// source); Python arithmetic, comparisons and truth on it are refused by SymIntVariable.
Expected<VtPtr> Wrap::symFloat() {
  if (!source || source->kind() != vt::Source::Kind::kLocal)
    return unsupported("a float input (" + srcName +
                       ") that Dynamo unspecialises under dynamic=True, read from other than a "
                       "frame local (not modelled)");
  symbolic::Expr e = ctx.output.shapeEnv().createFloatSymbol(srcName);
  guard(GuardKind::TYPE_MATCH, srcName);
  fake::TensorMeta meta = fake::TensorMeta::contiguous(fake::DType::kFloat64, {});
  NodeId input = ctx.output.graphInput(srcName, meta);
  NodeId item = ctx.output.callMethod("item", {tracer::GraphArg::ofNode(input)}, {});
  ctx.output.graph().node(item).exampleText = "sym " + e.str();
  auto v = std::make_shared<vt::SymIntVariable>(item, 0, 0, e, source);
  v->setFloat();
  return VtPtr(std::move(v));
}

Expected<VtPtr> Wrap::constant() {
  if (obj->which() == W::FLOAT && source) {
    // wrap_symfloat: with specialize_float off and assume_static_by_default off
    // (dynamic=True), a finite float read from a source is unspecialised: a 0-d float64
    // graph input, item() into a SymFloat, TYPE_MATCH and `not math.isnan(...)` in the
    // shape guard. Not modelled: refused rather than specialised.
    auto config = ctx.trace.configOf(ctx.event);
    double v = obj->getFloat();
    if (!config.getSpecializeFloat() && !config.getAssumeStaticByDefault() && std::isfinite(v)) {
      if (ctx.functorchOuterActive)
        return unsupported("a float input (" + srcName +
                           ") in a frame entered while a functorch transform is active "
                           "(wrap_symfloat's is_gradtrackingtensor test of a fresh tensor "
                           "under functorch's levels is not modelled)");
      return symFloat();
    }
  }
  auto c = VariableBuilder::constantFromHeap(ctx, ref);
  if (!c) return c;
  VariableBuilder::constantGuards(ctx, source, obj->which() == W::INT);
  (*c)->setSource(source);
  return c;
}

Expected<VtPtr> Wrap::tensor() {
  if (!source) {
    // Dynamo would wrap it with SourcelessBuilder, which refuses tensors (realize
    // turns this into Dynamo's graph break).
    return unsupported(VariableBuilder::kSourcelessTensor);
  }
  if (uint64_t id = obj->getIdentity(); id != 0) {
    auto seen = ctx.tensorsByIdentity.find(id);
    if (seen != ctx.tensorsByIdentity.end()) {
      const auto& firstSource = seen->second->source();
      if (!firstSource || firstSource->name() != srcName)
        guard(GuardKind::DUPLICATE_INPUT, srcName);
      return seen->second;
    }
  }
  if (ctx.exportMode.installFreeTensors && isFreeTensorSource(ctx.exportMode, *source))
    return freeTensor();
  auto metaObj = ctx.trace.object(obj->getTensor().getMeta());
  if (!metaObj || metaObj->which() != W::TENSOR_META) return Error("tensor without metadata");
  auto meta = metaFromTrace(metaObj->getTensorMeta());
  if (!meta) return meta.error();
  if (obj->getTensor().getViewBase() != 0) {
    // Inputs that are views of other inputs need aliasing guards we do not model yet.
  }
  // Automatic dynamic shapes apply to every tensor Dynamo wraps with a source (the frame
  // state is keyed by source name); the core compares only the frame's locals and their
  // items with the earlier compile. Parameters and buffers stay static
  // (force_parameter_static_shapes, force_nn_module_property_static_shapes).
  auto metaReader = metaObj->getTensorMeta();
  if (ctx.recompileTracked && !ctx.recompileTracked->count(srcName) &&
      srcName.find("._parameters[") == std::string::npos &&
      srcName.find("._buffers[") == std::string::npos) {
    // A source beyond the frame's locals: its frame state is the earlier compiles'
    // TENSOR_MATCH on it; dims that makes dynamic need a replay with symbols.
    auto late = lateAutomaticDynamic(ctx, srcName, metaReader);
    if (!late) return late.error();
    bool any = std::find(late->begin(), late->end(), true) != late->end();
    if (any && !ctx.dynamicDims.count(srcName)) {
      ctx.lateDims[srcName] = *late;
      return unsupported("automatic dynamic shapes: " + srcName +
                         " has dims the earlier compiles make dynamic (the frame is replayed "
                         "again with them symbolic)");
    }
  }
  std::string detail = guards::tensorMatchDetail(*meta);
  if (auto dyn = ctx.dynamicDims.find(srcName); dyn != ctx.dynamicDims.end()) {
    auto d = dynamicSizes(ctx, *meta, dyn->second, srcName);
    if (!d) return d.error();
    detail = *d;
  }
  NodeId node = ctx.output.graphInput(
      srcName, *meta,
      metaReader.getIsParameter() ? "torch.nn.parameter.Parameter" : "torch.Tensor");
  guard(GuardKind::TENSOR_MATCH, srcName, detail);
  if (ctx.exportMode.active) exportTrackedFake(ctx, srcName, *meta);
  auto tensorVt = std::make_shared<vt::TensorVariable>(node, *meta, source);
  tensorVt->setRecorded(ref);
  VtPtr tensor = tensorVt;
  if (obj->getIdentity() != 0) ctx.tensorsByIdentity[obj->getIdentity()] = tensor;
  return tensor;
}

// VariableBuilder.wrap_tensor under config.install_free_tensors (export): a tensor read
// from a global, a non-local cell or an nn.Module is registered on the root module
// (OutputGraph.register_attr_or_module): a get_attr node of the root graph named by
// module_key_name, a TENSOR_MATCH guard, and its fake tracked for the shape guards. The
// same tensor reached again is found by identity first (VariableBuilder.__call__'s
// side-effects lookup, with its DUPLICATE_INPUT guard), as for graph inputs.
Expected<VtPtr> Wrap::freeTensor() {
  uint64_t id = obj->getIdentity();
  auto& mode = ctx.exportMode;
  auto metaObj = ctx.trace.object(obj->getTensor().getMeta());
  if (!metaObj || metaObj->which() != W::TENSOR_META) return Error("tensor without metadata");
  auto meta = metaFromTrace(metaObj->getTensorMeta());
  if (!meta) return meta.error();
  // wrap_fx_proxy of the get_attr fakes the tensor with automatic dynamic shapes: only
  // nn.Module state stays static (force_nn_module_property_static_shapes /
  // force_parameter_static_shapes); the core models static free tensors only.
  bool anyDim = false;
  for (int64_t size : meta->sizes) anyDim = anyDim || size > 1;
  if (!ctx.trace.configOf(ctx.event).getAssumeStaticByDefault() &&
      !source->isUnspecializedNNModule() && anyDim)
    return unsupported("a free tensor (" + srcName +
                       ") installed as a graph attribute with dynamic shapes on: its "
                       "symbolic sizes are not modelled");
  std::string name = freeTensorAttrName(mode, srcName, ctx.output.installedNames());
  mode.attrs[name] = id;
  NodeId node = ctx.output.tensorAttr(name, *meta);
  guard(GuardKind::TENSOR_MATCH, srcName, guards::tensorMatchDetail(*meta));
  exportTrackedFake(ctx, srcName, *meta);
  auto tensorVt = std::make_shared<vt::TensorVariable>(node, *meta, source);
  tensorVt->setRecorded(ref);
  VtPtr tensor = tensorVt;
  if (id != 0) {
    ctx.tensorsByIdentity[id] = tensor;
    mode.attrTensors.insert(id);
  }
  return tensor;
}

Expected<VtPtr> Wrap::listLike() {
  bool isTuple = obj->which() == W::TUPLE;
  // VariableBuilder.__call__: a mutable object already tracked by the side effects
  // (SideEffects.id_to_variable) is the same variable, whatever source reaches it
  // again, so its pending mutations are seen (e.g. a mutable default argument
  // appended to by an earlier call of the same function).
  if (!isTuple && obj->getIdentity() != 0) {
    if (auto seen = ctx.objectsByIdentity.find(obj->getIdentity());
        seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  auto refs = isTuple ? obj->getTuple() : obj->getList();
  std::vector<VtPtr> items;
  for (unsigned i = 0; i < refs.size(); ++i) {
    items.push_back(
        std::make_shared<LazyVariable>(refs[i], vt::Source::item(source, std::to_string(i))));
  }
  guard(GuardKind::SEQUENCE_LENGTH, srcName);
  if (isTuple && source && source->isUnspecializedNNModule()) {
    // wrap_listlike: a tuple of literals on an nn.Module is a constant.
    std::vector<VtPtr> consts;
    for (auto item : refs) {
      auto it = ctx.trace.object(item);
      if (!it) return it.error();
      auto w = it->which();
      if (w != W::INT && w != W::FLOAT && w != W::BOOL && w != W::STR && w != W::NONE) break;
      auto c = VariableBuilder::constantFromHeap(ctx, item);
      if (!c) return c;
      consts.push_back(*c);
    }
    if (consts.size() == refs.size()) {
      guard(GuardKind::CONSTANT_MATCH, srcName);
      return vt::makeTuple(std::move(consts), source);
    }
  }
  if (isTuple) return vt::makeTuple(std::move(items), source);
  VtPtr list = vt::makeList(std::move(items), source);
  ctx.sideEffects.trackExisting(list);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = list;
  return list;
}

Expected<VtPtr> Wrap::dict() {
  // ConstDictVariable over a pre-existing dict: TYPE_MATCH, values wrapped lazily
  // with item sources (L['d']['k']). Only str/int keys are modelled.
  if (obj->getIdentity() != 0) {
    if (auto seen = ctx.objectsByIdentity.find(obj->getIdentity());
        seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  if (obj->getCls() != 0) {
    auto k = ctx.trace.object(obj->getCls());
    if (!k || k->which() != W::CLASS) return Error("dict subclass without its class in the trace");
    if (isUserCodeClass(k->getClass())) return dictSubclass(obj->getCls());
    std::string cname = vt::qualifiedClassName(ctx.trace, obj->getCls());
    if (cname != "collections.OrderedDict" && cname != "collections.defaultdict")
      return unsupported("a pre-existing " + cname + " (a library dict subclass)");
  }
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  if (!allKeysLiteral()) return nonConstKeyDict();
  for (auto e : obj->getDict()) {
    auto key = ctx.trace.object(e.getKey());
    if (!key) return key.error();
    std::string keyRepr;
    VtPtr keyVt;
    if (key->which() == W::STR) {
      keyRepr = vt::pyStrRepr(key->getStr());
      keyVt = vt::ConstantVariable::make(std::string(key->getStr().cStr()));
    } else if (key->which() == W::INT) {
      keyRepr = std::to_string(key->getInt());
      keyVt = vt::ConstantVariable::make(key->getInt());
    } else if (key->which() == W::BYTES) {
      auto d = key->getBytes();
      vt::BytesValue b{std::string(reinterpret_cast<const char*>(d.begin()), d.size())};
      keyRepr = vt::constantRepr(b);
      keyVt = vt::ConstantVariable::make(std::move(b));
    } else {
      return unsupported("dict input with a key of type " + trace::typeName(ctx.trace, e.getKey()));
    }
    entries.emplace_back(
        keyVt, std::make_shared<LazyVariable>(e.getValue(), vt::Source::item(source, keyRepr)));
  }
  guard(GuardKind::TYPE_MATCH, srcName);
  auto dictVar = std::make_shared<vt::DictVariable>(std::move(entries), source,
                                                    vt::MutationType::kValueMutationExisting);
  if (obj->getCls() != 0 &&
      vt::qualifiedClassName(ctx.trace, obj->getCls()) == "collections.OrderedDict")
    dictVar->setOrderedDictVariable();
  VtPtr dict = dictVar;
  ctx.sideEffects.trackExisting(dict);  // track_mutable
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = dict;
  return dict;
}

// ConstantVariable.is_literal for every key of the recorded dict (str, int, bytes here).
bool Wrap::allKeysLiteral() const {
  for (auto e : obj->getDict()) {
    auto key = ctx.trace.object(e.getKey());
    if (!key) return false;
    auto w = key->which();
    if (w != W::STR && w != W::INT && w != W::BYTES) return false;
  }
  return true;
}

// VariableBuilder's dict branch when some key is not a literal (torch.utils._pytree's
// SUPPORTED_NODES, keyed by classes): every key is a LazyVariableTracker read through
// ConstDictKeySource `list(dict.keys(S))[i]` and each value is lazy through
// DictGetItemSource `S[list(dict.keys(S))[i]]`; the key order is guarded inside the
// dict's guard manager (guard_on_key_order, no guard of its own). A lookup realises only
// the key it finds (HashableTracker hashes an unrealised key by its value; see
// DictVariable::findKey).
Expected<VtPtr> Wrap::nonConstKeyDict() {
  if (!source) return unsupported("a dict with non-literal keys reached without a source");
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  size_t i = 0;
  for (auto e : obj->getDict()) {
    std::string keySrc = "list(dict.keys(" + srcName + "))[" + std::to_string(i++) + "]";
    auto keyVt = std::make_shared<LazyVariable>(e.getKey(), vt::Source::expr(source, keySrc));
    entries.emplace_back(
        keyVt, std::make_shared<LazyVariable>(e.getValue(), vt::Source::item(source, keySrc)));
  }
  guard(GuardKind::TYPE_MATCH, srcName);
  auto dictVar = std::make_shared<vt::DictVariable>(std::move(entries), source,
                                                    vt::MutationType::kValueMutationExisting);
  dictVar->setReadOnly("a pre-existing dict with non-literal keys");
  VtPtr dict = dictVar;
  ctx.sideEffects.trackExisting(dict);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = dict;
  return dict;
}

// VariableBuilder for an instance of a user's dict subclass (type(v).__new__ is
// dict.__new__): TYPE_MATCH and SEQUENCE_LENGTH; keys built from ConstDictKeySource
// list(dict.keys(S))[i] and realised (CONSTANT_MATCH) to be hashed; values lazy from
// DictSubclassGetItemSource dict.__getitem__(S, <key source>); the ConstDictVariable
// becomes the _base_vt of a UserDefinedDictVariable (a user object). Only str and int
// keys are modelled.
// VariableBuilder for an instance of a user's tuple or list subclass:
// UserDefinedTupleVariable / UserDefinedListVariable, TYPE_MATCH and SEQUENCE_LENGTH, its
// items lazy from S[i] (a tuple) or list.__getitem__(S, i) (a list) in a TupleVariable /
// ListVariable the object's len, indexing and iteration use. The list part is read only
// here: the list's own mutating methods are not looked up (list's methods are not in the
// trace), so they stay unsupported. As for dict subclasses, the instance's own __dict__
// is not recorded (taken as empty).
Expected<VtPtr> Wrap::tupleSubclass() {
  if (!source) return unsupported("a tuple or list subclass instance without a source");
  guard(GuardKind::TYPE_MATCH, srcName);
  guard(GuardKind::SEQUENCE_LENGTH, srcName);
  std::vector<VtPtr> items;
  const bool isList = obj->which() == W::LIST;
  auto refs = isList ? obj->getList() : obj->getTuple();
  for (unsigned i = 0; i < refs.size(); ++i) {
    auto itemSrc = isList ? vt::Source::expr(source, "list.__getitem__(" + srcName + ", " +
                                                         std::to_string(i) + ")")
                          : vt::Source::item(source, std::to_string(i));
    items.push_back(std::make_shared<LazyVariable>(refs[i], itemSrc));
  }
  trace::ObjRef cls = obj->getCls();
  auto v = std::make_shared<vt::UserObjectVariable>(ref, cls,
                                                    vt::qualifiedClassName(ctx.trace, cls), source);
  v->setBaseSequence(isList ? vt::makeList(std::move(items), source)
                            : vt::makeTuple(std::move(items), source));
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
  ctx.sideEffects.trackExisting(v);
  return VtPtr(v);
}

// VariableBuilder for an instance of a user's set subclass: UserDefinedSetVariable,
// TYPE_MATCH and SEQUENCE_LENGTH, its items from NonSerializableSetGetItemSource
// (list(S)[i]) in a SetVariable (_set_vt), hashed as it is built, so each is realised
// (CONSTANT_MATCH; only Python constants are modelled). Its len, `in` and iteration run
// on the set part; its mutating methods (set's own, not in the trace) stay unsupported.
Expected<VtPtr> Wrap::setSubclass() {
  if (!source) return unsupported("a set subclass instance without a source");
  guard(GuardKind::TYPE_MATCH, srcName);
  guard(GuardKind::SEQUENCE_LENGTH, srcName);
  std::vector<VtPtr> items;
  unsigned i = 0;
  for (auto item : obj->getSet()) {
    auto c = VariableBuilder::constantFromHeap(ctx, item);
    if (!c)
      return unsupported("a set subclass instance holding a " + trace::typeName(ctx.trace, item));
    guard(GuardKind::CONSTANT_MATCH, "list(" + srcName + ")[" + std::to_string(i++) + "]");
    items.push_back(*c);
  }
  trace::ObjRef cls = obj->getCls();
  auto v = std::make_shared<vt::UserObjectVariable>(ref, cls,
                                                    vt::qualifiedClassName(ctx.trace, cls), source);
  v->setBaseSequence(std::make_shared<vt::SetVariable>(std::move(items), source,
                                                       vt::MutationType::kValueMutationExisting));
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
  ctx.sideEffects.trackExisting(v);
  return VtPtr(v);
}

Expected<VtPtr> Wrap::dictSubclass(trace::ObjRef cls) {
  if (!source) return unsupported("a dict subclass instance without a source");
  guard(GuardKind::TYPE_MATCH, srcName);
  guard(GuardKind::SEQUENCE_LENGTH, srcName);
  std::vector<std::pair<VtPtr, VtPtr>> entries;
  size_t i = 0;
  for (auto e : obj->getDict()) {
    auto key = ctx.trace.object(e.getKey());
    if (!key) return key.error();
    std::string keySrc = "list(dict.keys(" + srcName + "))[" + std::to_string(i++) + "]";
    VtPtr keyVt;
    if (key->which() == W::STR) {
      keyVt = vt::ConstantVariable::make(std::string(key->getStr().cStr()));
    } else if (key->which() == W::INT) {
      keyVt = vt::ConstantVariable::make(key->getInt());
    } else {
      return unsupported("dict subclass input with a key of type " +
                         trace::typeName(ctx.trace, e.getKey()));
    }
    guard(GuardKind::CONSTANT_MATCH, keySrc);
    auto valueSrc = vt::Source::expr(source, "dict.__getitem__(" + srcName + ", " + keySrc + ")");
    entries.emplace_back(keyVt, std::make_shared<LazyVariable>(e.getValue(), valueSrc));
  }
  auto base = std::make_shared<vt::DictVariable>(std::move(entries), source,
                                                 vt::MutationType::kValueMutationExisting);
  std::string typeName = vt::qualifiedClassName(ctx.trace, cls);
  auto v = std::make_shared<vt::UserObjectVariable>(ref, cls, typeName, source);
  v->setBaseDict(base);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
  ctx.sideEffects.trackExisting(v);
  // The dict_vt (ValueMutationExisting, should_reconstruct_all) is not in Dynamo's
  // id_to_variable; it is tracked here after its object only so that a mutation of it
  // (dict.__setitem__ through super()) is written back: codegen_update_mutated rebuilds
  // the items with the object (see codegen.cpp), and the side effect Dynamo lists is the
  // object's (effectDecisions skips the dict).
  ctx.sideEffects.trackExisting(base);
  return VtPtr(v);
}

// A class that CPython 3.11's builtins module holds under its own name: the public types
// and the exception classes.
bool isPublicBuiltinClass(const std::string& name) {
  static const std::unordered_set<std::string> kTypes = {
      "bool",   "bytearray", "bytes",     "classmethod", "complex", "dict",  "enumerate",
      "filter", "float",     "frozenset", "int",         "list",    "map",   "memoryview",
      "object", "property",  "range",     "reversed",    "set",     "slice", "staticmethod",
      "str",    "super",     "tuple",     "type",        "zip"};
  if (kTypes.count(name)) return true;
  for (const char* suffix :
       {"Error", "Exception", "Warning", "Exit", "Interrupt", "Iteration", "ExceptionGroup"}) {
    std::string sfx = suffix;
    if (name.size() >= sfx.size() && name.compare(name.size() - sfx.size(), sfx.size(), sfx) == 0)
      return true;
  }
  return false;
}

Expected<VtPtr> Wrap::classObject() {
  auto c = obj->getClass();
  if (std::string(c.getModule().cStr()) == "builtins") {
    std::string name = c.getQualname().cStr();
    // Dynamo models these builtin types as BuiltinVariable. BUILTIN_MATCH is for the
    // public callables of builtins.__dict__ (trace_rules.is_builtin_callable); enumerate
    // is polyfilled (taken out of that set), and the types builtins does not name
    // (types.FunctionType is `function`, types.MethodType `method` ...) are matched by
    // class.
    guard(name == "enumerate" || !isPublicBuiltinClass(name) ? GuardKind::CLASS_MATCH
                                                             : GuardKind::BUILTIN_MATCH,
          srcName);
    return VtPtr(std::make_shared<vt::BuiltinVariable>(name, source));
  }
  if ((std::string(c.getModule().cStr()) == "torch" ||
       std::string(c.getModule().cStr()) == "torch._tensor") &&
      std::string(c.getQualname().cStr()) == "Tensor") {
    // torch.Tensor as a class (isinstance checks); calling it is not modelled. Reached
    // again through another source it is the same tracker, with DUPLICATE_INPUT.
    if (uint64_t id = obj->getIdentity(); id != 0) {
      if (auto seen = ctx.objectsByIdentity.find(id); seen != ctx.objectsByIdentity.end()) {
        dupeGuard(ctx, source, seen->second);
        return seen->second;
      }
    }
    guard(GuardKind::CLASS_MATCH, srcName);
    VtPtr v = std::make_shared<vt::BuiltinVariable>("torch.Tensor", source);
    if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
    return v;
  }
  std::string cmod = c.getModule().cStr();
  // Library classes whose calls the core models as builtins, each matched by class:
  // torch.finfo/iinfo/device (calls fold to constants), itertools (ItertoolsVariable
  // and the chain polyfill), functools.partial (FunctoolsPartialVariable), and the dict
  // classes (BuiltinVariable.call_custom_dict).
  static const std::unordered_set<std::string> kBuiltinLike = {"collections.deque",
                                                               "torch.finfo",
                                                               "torch.iinfo",
                                                               "torch.device",
                                                               "itertools.chain",
                                                               "itertools.islice",
                                                               "itertools.zip_longest",
                                                               "itertools.product",
                                                               "itertools.combinations",
                                                               "itertools.permutations",
                                                               "itertools.pairwise",
                                                               "itertools.accumulate",
                                                               "itertools.takewhile",
                                                               "itertools.dropwhile",
                                                               "itertools.starmap",
                                                               "itertools.filterfalse",
                                                               "itertools.compress",
                                                               "itertools.count",
                                                               "itertools.repeat",
                                                               "itertools.cycle",
                                                               "functools.partial",
                                                               "collections.OrderedDict",
                                                               "collections.defaultdict"};
  if (std::string full = cmod + "." + std::string(c.getQualname().cStr());
      kBuiltinLike.count(full)) {
    // collections.OrderedDict reached again from another source is the same tracker with
    // DUPLICATE_INPUT (seen with real Dynamo: G['collections'].OrderedDict, then
    // nn.Module.__init__'s own global OrderedDict); so is functools.partial (grad_impl's
    // `partial`, then map's functools.partial).
    uint64_t id =
        full == "collections.OrderedDict" || full == "functools.partial" ? obj->getIdentity() : 0;
    if (id != 0) {
      if (auto seen = ctx.objectsByIdentity.find(id); seen != ctx.objectsByIdentity.end()) {
        dupeGuard(ctx, source, seen->second);
        return seen->second;
      }
    }
    guard(GuardKind::CLASS_MATCH, srcName);
    VtPtr v = std::make_shared<vt::BuiltinVariable>(full, source);
    if (id != 0) ctx.objectsByIdentity[id] = v;
    return v;
  }
  if (cmod == "torch.autograd.grad_mode" &&
      (std::string(c.getQualname().cStr()) == "no_grad" ||
       std::string(c.getQualname().cStr()) == "enable_grad")) {
    // TorchCtxManagerClassVariable, matched by class.
    guard(GuardKind::CLASS_MATCH, srcName);
    return VtPtr(std::make_shared<vt::GradModeVariable>(
        true, std::string(c.getQualname().cStr()) == "enable_grad", false, source));
  }
  if (cmod == "torch.autograd.grad_mode" &&
      std::string(c.getQualname().cStr()) == "set_grad_enabled") {
    // TorchCtxManagerClassVariable of torch.set_grad_enabled, matched by class.
    guard(GuardKind::CLASS_MATCH, srcName);
    return vt::GradModeVariable::setGradEnabledClass(source);
  }
  if (std::string q = c.getQualname().cStr();
      q == "autocast" &&
      (cmod == "torch.amp.autocast_mode" || cmod == "torch.cpu.amp.autocast_mode" ||
       cmod == "torch.cuda.amp.autocast_mode")) {
    // TorchCtxManagerClassVariable of torch.autocast (or a device alias), matched by class.
    guard(GuardKind::CLASS_MATCH, srcName);
    return vt::AutocastModeVariable::makeClass(cmod == "torch.cpu.amp.autocast_mode"    ? "cpu"
                                               : cmod == "torch.cuda.amp.autocast_mode" ? "cuda"
                                                                                        : "",
                                               source);
  }
  if ((cmod == "torch.autograd.profiler" || cmod == "torch.profiler") &&
      std::string(c.getQualname().cStr()) == "record_function") {
    // TorchCtxManagerClassVariable, matched by class.
    guard(GuardKind::CLASS_MATCH, srcName);
    return VtPtr(std::make_shared<vt::ProfilerRecordFunctionVariable>(true, source));
  }
  if ((cmod == "torch.autograd.profiler" || cmod == "torch.profiler.profiler") &&
      std::string(c.getQualname().cStr()) == "profile") {
    // TorchCtxManagerClassVariable of torch.profiler.profile, matched by class.
    guard(GuardKind::CLASS_MATCH, srcName);
    return VtPtr(std::make_shared<vt::ProfilerContextVariable>(true, source));
  }
  if (cmod == "torch.autograd.grad_mode" &&
      std::string(c.getQualname().cStr()) == "inference_mode") {
    // TorchCtxManagerClassVariable of torch.inference_mode, matched by class.
    guard(GuardKind::CLASS_MATCH, srcName);
    return VtPtr(std::make_shared<vt::InferenceModeVariable>(true, true, source));
  }
  if (cmod == "contextlib" && std::string(c.getQualname().cStr()) == "nullcontext") {
    // UserDefinedClassVariable of contextlib.nullcontext: calling it is NullContextVariable.
    guard(GuardKind::CLASS_MATCH, srcName);
    return VtPtr(std::make_shared<vt::NullContextVariable>(true, nullptr, source));
  }
  if (std::string full = cmod + "." + std::string(c.getQualname().cStr());
      std::string(c.getMetaclass().cStr()) == "torch.tensortype" && fake::dtypeOfTensorType(full)) {
    // A legacy CPU tensor type (torch.HalfTensor): a UserDefinedClassVariable with
    // CLASS_MATCH whose only modelled use is Tensor.type(cls) (method_type passes its
    // name to the graph); the core keeps it as a builtin of that name.
    guard(GuardKind::CLASS_MATCH, srcName);
    return VtPtr(std::make_shared<vt::BuiltinVariable>(full, source));
  }
  if (isUserCodeClass(c)) return VariableBuilder::wrapUserClass(ctx, ref, source);
  return libraryClass(cmod);
}

Expected<VtPtr> Wrap::libraryClass(const std::string& cmod) {
  auto c = obj->getClass();
  // The abstract base classes of collections.abc (metaclass ABCMeta): CLASS_MATCH, one
  // tracker by identity; isinstance against Iterable and Mapping is modelled.
  if (cmod == "collections.abc") return VariableBuilder::wrapUserClass(ctx, ref, source);
  // typing.Any (a class with metaclass typing._AnyMeta on 3.11): UserDefinedClassVariable,
  // CLASS_MATCH; met in annotations evaluated at MAKE_FUNCTION (pytree's `list[Any]`).
  if (cmod == "typing" && std::string(c.getQualname().cStr()) == "Any")
    return VariableBuilder::wrapUserClass(ctx, ref, source);
  // weakref.ref (weakref.ReferenceType, a builtin class): a UserDefinedClassVariable
  // (CLASS_MATCH) whose call makes a WeakRefVariable (core/vt/weakref.h).
  if (cmod == "weakref" && std::string(c.getQualname().cStr()) == "ReferenceType")
    return VariableBuilder::wrapUserClass(ctx, ref, source);
  if (cmod == "numpy")
    if (auto t = wrapNumpyScalarType(ctx, c.getQualname().cStr(), source)) return *t;
  std::string what = "library class " + cmod + "." + std::string(c.getQualname().cStr());
  // What a @contextlib.contextmanager function makes: a UserDefinedClassVariable whose
  // call Dynamo traces (enable_trace_contextlib; core/vt/contextlib_manager.h). Traced
  // with the flag off it is the "attempted to trace contextlib.contextmanager" break,
  // not modelled.
  if (cmod == "contextlib" && std::string(c.getQualname().cStr()) == "_GeneratorContextManager") {
    bool traced = false;
    for (auto kv : ctx.trace.configOf(ctx.event).getOthers())
      if (std::string_view(kv.getKey().cStr()) == "enable_trace_contextlib")
        traced = std::string_view(kv.getValue().cStr()) == "True";
    if (!traced)
      return std::make_shared<vt::OpaqueVariable>(
          ref, "type",
          what + " with config.enable_trace_contextlib off or not recorded (not modelled)", source);
    return VariableBuilder::wrapUserClass(ctx, ref, source);
  }
  // A library class written in Python with metaclass type is a UserDefinedClassVariable
  // too (CLASS_MATCH); what the core can do with it is bounded by what the recorder
  // kept of it (the names reached), and constructing one is refused by name.
  // So is a library Enum class (inspect._ParameterKind): calling it with one of its
  // members is a constant fold (UserClassVariable::callFunction).
  if (std::string meta = c.getMetaclass().cStr();
      !c.getBuiltin() && (meta == "type" || meta == "builtins.type" ||
                          meta == "torch._C._TensorMeta" || meta == "enum.EnumType"))
    return VariableBuilder::wrapUserClass(ctx, ref, source);
  return std::make_shared<vt::OpaqueVariable>(ref, "type", what, source);
}

Expected<VtPtr> Wrap::callable() {
  auto c = obj->getCallable();
  std::string module = c.getModule().cStr();
  std::string qualname = c.getQualname().cStr();
  // FX names a C function by __module__ + "." + __name__ (_get_qualified_name):
  // torch.sin has __qualname__ "_VariableFunctionsClass.sin" but prints "torch.sin".
  if (auto dot = qualname.rfind('.'); dot != std::string::npos && module != "builtins") {
    qualname = qualname.substr(dot + 1);
  }
  // A C method bound to a builtin container (keyword.iskeyword is frozenset.__contains__
  // of a frozenset; bound_builtin_method_descriptor): ID_MATCH, and the object wrapped
  // through AttrSource(source, "__self__"); the call is its call_method. C methods bound
  // to other objects (tensors, random.Random ...) keep their own paths here.
  static const std::set<std::string> kContainers = {"frozenset", "set",   "dict", "list",
                                                    "tuple",     "bytes", "str"};
  const bool containerMethod =
      kContainers.count(module) && std::string(c.getQualname().cStr()).rfind(module + ".", 0) == 0;
  if (containerMethod && c.getSelf() != 0) {
    guard(GuardKind::ID_MATCH, srcName);
    std::string name = qualname.substr(qualname.rfind('.') + 1);
    auto self = VariableBuilder::wrap(ctx, c.getSelf(),
                                      source ? vt::Source::attr(source, "__self__") : nullptr);
    if (!self) return self;
    return std::make_shared<vt::BoundBuiltinMethodVariable>(*self, name, source);
  }
  if (std::string_view(c.getReason().cStr()).rfind("NumpyVariable", 0) == 0)
    return wrapNumpyCallable(ctx, c, source);
  // sys.exc_info / sys.exception: SysFunctionVariable, which VariableBuilder makes with
  // no guard.
  if (module == "sys" && (qualname == "exc_info" || qualname == "exception"))
    return std::make_shared<vt::SysFunctionVariable>(qualname, source);
  // Builtins Dynamo replaces by a Python polyfill are guarded by identity.
  bool polyfilled = std::string(c.getReason().cStr()).find("Polyfilled") != std::string::npos;
  guard(polyfilled ? GuardKind::ID_MATCH : GuardKind::BUILTIN_MATCH, srcName);
  if (polyfilled && module == "_functools" && qualname == "reduce")
    return std::make_shared<vt::BuiltinVariable>("functools.reduce", source);
  if (module == "builtins" || module == "_operator" || module == "operator" || module == "math") {
    std::string name = module == "builtins" ? qualname
                       : module == "math"   ? "math." + qualname
                                            : "operator." + qualname;
    return std::make_shared<vt::BuiltinVariable>(name, source);
  }
  if (c.getClassification() == schema::CallableClass::IN_GRAPH || module.rfind("torch", 0) == 0) {
    return std::make_shared<vt::TorchFunctionVariable>(module + "." + qualname, true, source);
  }
  // A C method bound to a builtin container in a trace written before the recorder kept
  // its __self__.
  if (containerMethod)
    return unsupported("a builtin method bound to a " + module + " object (" +
                       std::string(c.getQualname().cStr()) +
                       ": BoundBuiltinMethodVariable over its __self__, which the trace does "
                       "not record)");
  if (c.getClassification() == schema::CallableClass::SKIPPED) {
    return std::make_shared<vt::SkippedFunctionVariable>(
        module + "." + qualname, "Attempted to call function marked as skipped",
        "Dynamo does not know how to trace the builtin `" + module + "." + qualname + "`", source);
  }
  // os.fspath and sys.intern: substitute_in_graph polyfills with can_constant_fold_through
  // (PolyfilledFunctionVariable), guarded by identity above; folded on a str argument.
  if (polyfilled &&
      ((module == "posix" && qualname == "fspath") || (module == "sys" && qualname == "intern")))
    return std::make_shared<vt::BuiltinVariable>(module == "sys" ? "sys.intern" : "os.fspath",
                                                 source);
  // itertools.tee: a substitute_in_graph polyfill (a generator per copy), guarded by
  // identity above (core/vt/builtin_itertools.cpp).
  if (polyfilled && module == "itertools" && qualname == "tee")
    return std::make_shared<vt::BuiltinVariable>("itertools.tee", source);
  // struct.pack / struct.unpack: polyfills with can_constant_fold_through, guarded by
  // identity above; folded on constants (core/vt/builtin_struct.cpp).
  if (polyfilled && module == "_struct" && (qualname == "pack" || qualname == "unpack"))
    return std::make_shared<vt::BuiltinVariable>("struct." + qualname, source);
  // sys.getrecursionlimit is constant-folded (trace_rules: a constant-fold function):
  // Dynamo calls the recording process's real one; the trace holds its value.
  if (module == "sys" && qualname == "getrecursionlimit") {
    if (ctx.event.getFrame().getGlobalState().getRecursionLimit() <= 0)
      return unsupported(
          "sys.getrecursionlimit() (Dynamo folds the recording process's limit; this trace "
          "was written before the recorder kept it)");
    return std::make_shared<vt::BuiltinVariable>("sys.getrecursionlimit", source);
  }
  return unsupported("call target " + module + "." + qualname + " (" +
                     std::string(c.getReason().cStr()) + ")");
}

namespace {

// trace_rules' FunctorchHigherOrderVariable / FunctionalCallVariable /
// ReparametrizeModuleCallVariable targets (torch.func's transforms). Dynamo 2.13 inlines
// them as user code, with functorch's C++ entry points as in-graph calls. vmap_impl and
// grad_impl are inlined here too (core/vt/functorch.h and functorch_grad.h model their
// levels and in-graph calls); the others (jacrev, vjp, jvp, hessian: grad-tracking
// tensors across several levels; functional_call's _reparametrize_module) are named
// instead of failing somewhere inside their Python code. Keys are the recorded __module__
// + __qualname__: the public transforms are exposed_in("torch.func"), so jacrev is
// "torch.func.jacrev" although trace_rules names torch._functorch's. "" when not one.
std::string functorchTransformGap(const std::string& module, const std::string& qualname) {
  static const std::map<std::string, std::string> kTransforms = {
      {"torch.func.jacrev", "torch.func.jacrev"},
      {"torch.func.jacfwd", "torch.func.jacfwd"},
      {"torch.func.vjp", "torch.func.vjp"},
      {"torch.func.jvp", "torch.func.jvp"},
      {"torch.func.linearize", "torch.func.linearize"},
      {"torch.func.hessian", "torch.func.hessian"},
      {"torch.func.functional_call",
       "torch.func.functional_call (FunctionalCallVariable: the module's parameters swapped "
       "by _reparametrize_module)"},
      {"torch.nn.utils.stateless._reparametrize_module",
       "torch.nn.utils.stateless._reparametrize_module (ReparametrizeModuleCallVariable)"},
  };
  auto it = kTransforms.find(module + "." + qualname);
  if (it == kTransforms.end()) return "";
  return "functorch transform " + it->second +
         ": Dynamo inlines it as a FunctorchHigherOrderVariable with functorch's levels "
         "(grad-wrapped fake tensors, in-graph functorch calls, FUNCTORCH_STACK_MATCH); only "
         "torch.func.vmap's, grad's and grad_and_value's are modelled";
}

}  // namespace

Expected<VtPtr> Wrap::function() {
  auto f = obj->getFunction();
  std::string module = f.getModule().cStr();
  std::string qualname = f.getQualname().cStr();
  if (std::string gap = functorchTransformGap(module, qualname); !gap.empty())
    return unsupported(gap);
  // A torch.jit.script_if_tracing wrapper (inspect.getattr_static(value,
  // "__script_if_tracing_wrapper")): TYPE_MATCH and WrapperUserFunctionVariable.
  auto marker = vt::findAttr(f.getAttrs(), "__script_if_tracing_wrapper");
  auto original = vt::findAttr(f.getAttrs(), "__original_fn");
  if (marker && original) {
    auto m = ctx.trace.object(*marker);
    if (m && m->which() == W::BOOL && m->getBool()) {
      guard(GuardKind::TYPE_MATCH, srcName);
      return VtPtr(std::make_shared<vt::WrapperFunctionVariable>(*original, "__original_fn",
                                                                 qualname, source));
    }
  }
  // A torch.compile'd function (its compile wrapper keeps the function in
  // _torchdynamo_inline): Dynamo traces it through polyfills.getattr_and_trace, or
  // getattr_and_trace_no_nested_graph_breaks under torch._dynamo.disable_nested_graph_breaks
  // (guards on the polyfill module's torch and the inner function's globals), not modelled.
  if (vt::findAttr(f.getAttrs(), "_torchdynamo_inline"))
    return unsupported("a torch.compile'd function called from compiled code (" + qualname +
                       ": WrapperUserFunctionVariable over _torchdynamo_inline)");
  // is_utils_checkpoint: torch.utils.checkpoint.checkpoint is the
  // tag_activation_checkpoint higher-order operator (build_checkpoint_variable), with no
  // guard.
  if (module == "torch.utils.checkpoint" && qualname == "checkpoint")
    return VtPtr(std::make_shared<vt::HigherOrderOperatorVariable>("tag_activation_checkpoint", ref,
                                                                   source));
  if (module == "typing" && qualname == "cast") {
    // PolyfilledFunctionVariable, guarded by identity (seen with real Dynamo:
    // ID_MATCH G['cast'] in torch/optim/optimizer.py's step wrapper).
    guard(GuardKind::ID_MATCH, srcName);
    return VtPtr(std::make_shared<vt::PolyfilledCastVariable>(source));
  }
  guard(GuardKind::CLOSURE_MATCH, srcName);
  // The Python entry points of torch._higher_order_ops that Dynamo inlines as user code
  // up to their operator call (the pytree flattening they do is modelled with the
  // operator, core/vt/higher_order_ops.cpp).
  if (module == "torch._higher_order_ops.while_loop" && qualname == "while_loop")
    return VtPtr(std::make_shared<vt::HigherOrderOperatorVariable>("while_loop", ref, source,
                                                                   /*pythonWrapper=*/true));
  if (module == "torch._higher_order_ops.map" && qualname == "map")
    return VtPtr(std::make_shared<vt::HigherOrderOperatorVariable>("map", ref, source,
                                                                   /*pythonWrapper=*/true));
  // torch.func.vmap's level (TorchCtxManagerClassVariable, core/vt/functorch.h).
  if (module == "torch._functorch.vmap" && qualname == "vmap_increment_nesting")
    return VtPtr(std::make_shared<vt::VmapIncrementNestingVariable>(true, source));
  // torch.func.grad's managers (core/vt/functorch_grad.h).
  if (VtPtr m = vt::FunctorchGradContextVariable::forFunction(module, qualname, source)) return m;
  if (module == "dataclasses" && qualname == "fields")
    return VtPtr(std::make_shared<vt::DataclassFieldsVariable>(source));
  if (f.getClassification() == schema::CallableClass::IN_GRAPH) {
    // FX names a function by __module__ + "." + __name__ (_get_qualified_name); e.g.
    // F.max_pool2d is boolean_dispatch.<locals>.fn with __name__ "max_pool2d".
    return std::make_shared<vt::TorchFunctionVariable>(
        module + "." + std::string(f.getName().cStr()), false, source);
  }
  if (f.getClassification() == schema::CallableClass::SKIPPED) {
    // SkipFunctionVariable: torch._dynamo.graph_break is its own break type.
    bool userBreak = module == "torch._dynamo.decorators" && qualname == "graph_break";
    return std::make_shared<vt::SkippedFunctionVariable>(
        module + "." + qualname,
        userBreak ? "Call to `torch._dynamo.graph_break()`"
                  : "Attempted to call function marked as skipped",
        userBreak ? "User-inserted graph break."
                  : "Dynamo does not trace into " + module + "." + qualname,
        source);
  }
  return std::make_shared<vt::UserFunctionVariable>(ref, qualname, source);
}

Expected<VtPtr> Wrap::dtype() {
  if (source) ctx.output.addGuard(GuardKind::CONSTANT_MATCH, srcName);
  return vt::ConstantVariable::make(
      vt::TorchConstant{vt::TorchConstant::Kind::kDtype, obj->getDtype().cStr()}, source);
}

Expected<VtPtr> Wrap::device() {
  if (source) ctx.output.addGuard(GuardKind::CONSTANT_MATCH, srcName);
  return vt::ConstantVariable::make(
      vt::TorchConstant{vt::TorchConstant::Kind::kDevice, obj->getDevice().cStr()}, source);
}

Expected<VtPtr> Wrap::opaque() {
  auto o = obj->getOpaque();
  // A torch.layout (torch.strided ...): one of Dynamo's common constant types, a
  // ConstantVariable with CONSTANT_MATCH; the recorder keeps it opaque with its repr.
  if (std::string_view(o.getTypeName().cStr()) == "torch.layout") {
    std::string repr = o.getRepr().cStr();
    if (repr.rfind("torch.", 0) != 0)
      return unsupported("a torch.layout recorded without its repr");
    if (source) ctx.output.addGuard(GuardKind::CONSTANT_MATCH, srcName);
    return vt::ConstantVariable::make(vt::TorchConstant{vt::TorchConstant::Kind::kLayout, repr},
                                      source);
  }
  return std::make_shared<vt::OpaqueVariable>(
      ref, std::string(o.getTypeName().cStr()),
      "recorded as opaque: " + std::string(o.getReason().cStr()), source);
}

Expected<VtPtr> Wrap::set() {
  // A set of Python constants is itself a constant to Dynamo: CONSTANT_MATCH on its
  // source; mutating it is a side effect written back after the graph.
  if (obj->getIdentity() != 0) {
    if (auto seen = ctx.objectsByIdentity.find(obj->getIdentity());
        seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  std::vector<VtPtr> items;
  for (auto item : obj->getSet()) {
    auto c = VariableBuilder::constantFromHeap(ctx, item);
    if (!c) return unsupported("a set holding a " + trace::typeName(ctx.trace, item));
    items.push_back(*c);
  }
  guard(GuardKind::CONSTANT_MATCH, srcName);
  VtPtr set = std::make_shared<vt::SetVariable>(std::move(items), source,
                                                vt::MutationType::kValueMutationExisting);
  ctx.sideEffects.trackExisting(set);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = set;
  return set;
}

// A frozenset of literals (ConstantVariable.is_literal -> wrap_literal): CONSTANT_MATCH
// and a FrozensetVariable of constants (keyword.iskeyword's __self__). A frozenset of
// types (pytree's BUILTIN_TYPES / STANDARD_DICT_TYPES): EQUALS_MATCH and sourceless
// items (VariableBuilder._wrap's frozenset case). Other frozensets (torch functions,
// OpOverloads) are not modelled.
// An item of a frozenset of types Dynamo wraps (`x in torch.utils._pytree.BUILTIN_TYPES`):
// tuple, list, dict, OrderedDict, defaultdict, deque (BuiltinVariable, as the core takes
// these types) and collections.namedtuple (a UserFunctionVariable), sourceless.
Expected<VtPtr> pytreeBuiltinType(TracingContext& ctx, trace::ObjRef item) {
  static const std::set<std::string> kTypes = {"tuple",
                                               "list",
                                               "dict",
                                               "collections.OrderedDict",
                                               "collections.defaultdict",
                                               "collections.deque"};
  auto v = VariableBuilder::wrap(ctx, item, nullptr);
  if (v && (*v)->kind() == vt::VtKind::kBuiltin &&
      kTypes.count(static_cast<const vt::BuiltinVariable&>(**v).name()))
    return v;
  if (v && (*v)->kind() == vt::VtKind::kUserFunction &&
      static_cast<const vt::UserFunctionVariable&>(**v).qualname() == "namedtuple")
    return v;
  return unsupported("a frozenset holding a " + trace::typeName(ctx.trace, item) +
                     " (only constants and pytree's BUILTIN_TYPES are modelled)");
}

Expected<VtPtr> Wrap::frozenset() {
  std::vector<VtPtr> items;
  size_t types = 0;
  for (auto item : obj->getFrozenset()) {
    auto c = VariableBuilder::constantFromHeap(ctx, item);
    if (c && (*c)->kind() == vt::VtKind::kConstant) {
      items.push_back(*c);
      continue;
    }
    auto t = pytreeBuiltinType(ctx, item);
    if (!t) return t.error();
    ++types;
    items.push_back(*t);
  }
  if (types != 0 && types != items.size())
    return unsupported("a frozenset mixing types and constants");
  guard(types != 0 ? GuardKind::EQUALS_MATCH : GuardKind::CONSTANT_MATCH, srcName);
  auto set =
      std::make_shared<vt::SetVariable>(std::move(items), source, vt::MutationType::kImmutable);
  set->setFrozen();
  return VtPtr(set);
}

// An enum.Enum member: ID_MATCH and a UserDefinedObjectVariable that is a Python
// constant (EnumVariable).
Expected<VtPtr> Wrap::enumMember() {
  auto e = obj->getEnum();
  // The member is a UserDefinedObjectVariable tracked by identity: reached again through
  // another source (Mode.ADD and Mode._member_map_['ADD']) it is the same variable, with
  // DUPLICATE_INPUT on the new source (seen with real Dynamo).
  if (uint64_t id = obj->getIdentity(); id != 0) {
    if (auto seen = ctx.objectsByIdentity.find(id); seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  guard(GuardKind::ID_MATCH, srcName);
  std::optional<vt::ConstantValue> value;
  auto v = ctx.trace.object(e.getValue());
  if (!v) return v.error();
  switch (v->which()) {
    case W::STR: value = std::string(v->getStr().cStr()); break;
    case W::INT: value = v->getInt(); break;
    case W::FLOAT: value = v->getFloat(); break;
    case W::BOOL: value = v->getBool(); break;
    default: break;
  }
  bool mixin = vt::mroFind(ctx.trace, e.getClass(), {"builtins.str", "builtins.int", "str", "int"})
                   .has_value();
  VtPtr member =
      std::make_shared<vt::EnumVariable>(ref, vt::qualifiedClassName(ctx.trace, e.getClass()),
                                         e.getName().cStr(), std::move(value), mixin, source);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = member;
  return member;
}

Expected<VtPtr> Wrap::other() {
  return std::make_shared<vt::OpaqueVariable>(ref, trace::typeName(ctx.trace, ref),
                                              "values of this type are not modelled by core part 1",
                                              source);
}

}  // namespace

Expected<VtPtr> VariableBuilder::wrap(TracingContext& ctx, trace::ObjRef ref,
                                      vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  std::string srcName = source ? source->name() : "<no source>";
  if (source && obj->getIdentity() != 0 && !ctx.branchSourceCache.empty()) {
    auto hit = ctx.branchSourceCache.find({obj->getIdentity(), srcName});
    if (hit != ctx.branchSourceCache.end()) return hit->second;
  }
  Wrap w{ctx, ref, std::move(source), &*obj, std::move(srcName)};
  if (obj->getCls() != 0 &&
      (obj->which() == W::TUPLE || obj->which() == W::LIST || obj->which() == W::SET)) {
    auto k = ctx.trace.object(obj->getCls());
    if (k && k->which() == W::CLASS && isUserCodeClass(k->getClass()))
      return obj->which() == W::SET ? w.setSubclass() : w.tupleSubclass();
  }
  if (obj->getCls() != 0 && (obj->which() == W::LIST || obj->which() == W::TUPLE ||
                             obj->which() == W::SET || obj->which() == W::FROZENSET)) {
    // VariableBuilder wraps an instance of a user's subclass of list, tuple, set or
    // frozenset as UserDefined{List,Tuple,Set}Variable (its guards and methods are the
    // class's): not the plain container, and not modelled.
    static const char* kTracker[] = {"UserDefinedListVariable", "UserDefinedTupleVariable",
                                     "UserDefinedSetVariable"};
    const char* tracker = obj->which() == W::LIST    ? kTracker[0]
                          : obj->which() == W::TUPLE ? kTracker[1]
                                                     : kTracker[2];
    return unsupported("an instance of " + vt::qualifiedClassName(ctx.trace, obj->getCls()) +
                       ", a user subclass of a builtin container (Dynamo's " + tracker + ")");
  }
  switch (obj->which()) {
    case W::INT: return w.intValue();
    case W::NONE:
    case W::BOOL:
    case W::FLOAT:
    case W::STR:
    case W::ELLIPSIS: return w.constant();
    case W::TENSOR: return w.tensor();
    case W::NDARRAY: return wrapNumpyNdarray(w.ctx, w.ref, *w.obj, w.source);
    case W::TUPLE:
    case W::LIST: return w.listLike();
    case W::DICT: return w.dict();
    case W::CLASS: return w.classObject();
    case W::MODULE: return VariableBuilder::wrapPythonModule(w.ctx, w.ref, w.source);
    case W::INSTANCE: return VariableBuilder::wrapInstance(w.ctx, w.ref, w.source);
    case W::CALLABLE: return w.callable();
    case W::FUNCTION: return w.function();
    case W::DTYPE: return w.dtype();
    case W::DEVICE: return w.device();
    case W::OPAQUE: return w.opaque();
    case W::SET: return w.set();
    case W::FROZENSET: return w.frozenset();
    case W::ENUM: return w.enumMember();
    default: return w.other();
  }
}

// Dynamo's make_dupe_guard: a DUPLICATE_INPUT guard when both sources are local or both
// global.
Expected<VtPtr> VariableBuilder::wrapPythonModule(TracingContext& ctx, trace::ObjRef ref,
                                                  vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  if (uint64_t id = obj->getIdentity(); id != 0) {
    auto seen = ctx.objectsByIdentity.find(id);
    if (seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  std::string name = obj->getModule().getName().cStr();
  // The module reached first as the globals of inlined code (G['__import_<name>'], realised:
  // import_source's VariableBuilder tracked it): this source is its DUPLICATE_INPUT and
  // attributes are read through the first one (seen with real Dynamo: vmap's inlined
  // pytree, then the frame's torch.utils._pytree.tree_map, read as
  // G['__import_torch_dot_utils_dot__pytree'].tree_map).
  if (auto imp = ctx.importedModules.find(name); source && imp != ctx.importedModules.end() &&
                                                 !ctx.lazyImportedModules.count(name) &&
                                                 imp->second->source()) {
    VtPtr first = std::make_shared<vt::ModuleVariable>(ref, name, imp->second->source());
    dupeGuard(ctx, source, first);
    if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = first;
    return first;
  }
  if (source) ctx.output.addGuard(GuardKind::MODULE_MATCH, source->name());
  VtPtr m = std::make_shared<vt::ModuleVariable>(ref, name, source);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = m;
  return m;
}

// is_namedtuple (a collections.namedtuple class: tuple, object after it): SEQUENCE_LENGTH
// on the source and the fields as lazy values read through AttrSource(source, field)
// (NamedTupleVariable over a TupleVariable, tracked as an existing object). Structseqs
// (torch.return_types) and subclasses of namedtuple classes are not modelled.
Expected<VtPtr> VariableBuilder::wrapNamedTuple(TracingContext& ctx, trace::ObjRef ref,
                                                vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  auto inst = obj->getInstance();
  std::string typeName = vt::qualifiedClassName(ctx.trace, inst.getClass());
  if (!vt::isPlainNamedTupleClass(ctx.trace, inst.getClass()))
    return unsupported("a tuple subclass instance (" + typeName + ") that is no plain namedtuple");
  if (!source) return unsupported("a namedtuple reached without a source");
  ctx.output.addGuard(GuardKind::SEQUENCE_LENGTH, source->name());
  std::vector<VtPtr> items;
  std::vector<std::string> names;
  for (auto a : inst.getAttrs()) {
    names.push_back(a.getName().cStr());
    items.push_back(
        std::make_shared<LazyVariable>(a.getValue(), vt::Source::attr(source, names.back())));
  }
  auto t = vt::makeTuple(std::move(items), source);
  auto* seq = static_cast<vt::SequenceVariable*>(t.get());
  seq->setFieldNames(std::move(names));
  seq->setNamedTupleType(typeName);
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = t;
  return t;
}

// wrap_module (inline_inbuilt_nn_modules: every module is an
// UnspecializedNNModuleVariable, TYPE_MATCH) and wrap_user_defined, found again by
// identity (side_effects lookup + make_dupe_guard).
Expected<VtPtr> VariableBuilder::wrapInstance(TracingContext& ctx, trace::ObjRef ref,
                                              vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  auto inst = obj->getInstance();
  if (uint64_t id = obj->getIdentity(); id != 0) {
    auto seen = ctx.objectsByIdentity.find(id);
    if (seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  std::string typeName = vt::qualifiedClassName(ctx.trace, inst.getClass());
  if (typeName == "functools.partial") return wrapPartial(ctx, ref, std::move(source));
  // InspectVariable.is_matching_object: Dynamo wraps a pre-existing inspect.Signature or
  // inspect.Parameter under SkipGuardSource (no guards below it) with its property
  // redirects; the trace records their mappingproxy as opaque, so this is refused by name.
  if (typeName == "inspect.Signature" || typeName == "inspect.Parameter")
    return unsupported("an " + typeName +
                       " object made before compiling (InspectVariable under SkipGuardSource)");
  if (typeName == "functools._lru_cache_wrapper") {
    // is_lru_cache_wrapped_function: TYPE_MATCH and a WrapperUserFunctionVariable over
    // __wrapped__ (Dynamo traces the function, ignoring the cache).
    auto wrapped = vt::findAttr(inst.getAttrs(), "__wrapped__");
    if (!wrapped) return unsupported("an lru_cache wrapper without a recorded __wrapped__");
    if (source) ctx.output.addGuard(GuardKind::TYPE_MATCH, source->name());
    return VtPtr(std::make_shared<vt::WrapperFunctionVariable>(*wrapped, "__wrapped__", typeName,
                                                               std::move(source)));
  }
  if (typeName != "torch.amp.autocast_mode._UnmanagedAutocast" &&
      vt::mroFind(ctx.trace, inst.getClass(), {"torch.amp.autocast_mode.autocast"})) {
    // A torch.autocast object made before compiling (autocast_decorator's closure):
    // ID_MATCH and an AutocastModeVariable of its device, fast_dtype, _enabled and
    // _cache_enabled.
    if (!source) return unsupported("a torch.autocast object reached without a source");
    std::vector<vt::ConstantValue> values;
    for (const char* name : {"device", "fast_dtype", "_enabled", "_cache_enabled"}) {
      auto a = vt::findAttr(inst.getAttrs(), name);
      if (!a) return unsupported(std::string("a torch.autocast object recorded without ") + name);
      auto o = ctx.trace.object(*a);
      if (!o) return o.error();
      switch (o->which()) {
        case W::STR: values.emplace_back(std::string(o->getStr().cStr())); break;
        case W::BOOL: values.emplace_back(o->getBool()); break;
        case W::NONE: values.emplace_back(vt::NoneValue{}); break;
        case W::DTYPE:
          values.emplace_back(
              vt::TorchConstant{vt::TorchConstant::Kind::kDtype, o->getDtype().cStr()});
          break;
        default:
          return unsupported(std::string("a torch.autocast object whose ") + name + " is a " +
                             trace::typeName(ctx.trace, *a));
      }
    }
    ctx.output.addGuard(GuardKind::ID_MATCH, source->name());
    return vt::AutocastModeVariable::makeManager(values[0], values[1], values[2], values[3],
                                                 std::move(source));
  }
  if (vt::mroFind(ctx.trace, inst.getClass(), {"logging.Logger"})) {
    if (!source) return unsupported("a logging.Logger reached without a source");
    ctx.output.addGuard(GuardKind::TYPE_MATCH, source->name());
    VtPtr v = std::make_shared<vt::LoggerVariable>(typeName, std::move(source));
    if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
    return v;
  }
  if (vt::mroFind(ctx.trace, inst.getClass(), {"torch._ops.HigherOrderOperator"})) {
    // wrap's HigherOrderOperator branch: TYPE_MATCH, TorchHigherOrderOperatorVariable.make
    // by the operator's __name__.
    if (!source) return unsupported("a HigherOrderOperator reached without a source");
    std::string name;
    if (auto n = vt::findAttr(inst.getAttrs(), "__name__")) {
      if (auto s = ctx.trace.object(*n); s && s->which() == schema::Object::Which::STR)
        name = s->getStr().cStr();
    }
    if (name.empty()) return unsupported("a HigherOrderOperator recorded without its __name__");
    ctx.output.addGuard(GuardKind::TYPE_MATCH, source->name());
    VtPtr v = std::make_shared<vt::HigherOrderOperatorVariable>(name, ref, std::move(source));
    if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
    return v;
  }
  bool nnModule = false, builtin = false;
  switch (inst.getKind()) {
    case schema::InstanceKind::PLAIN: break;
    case schema::InstanceKind::NN_MODULE: {
      if (inst.getAttrs().size() == 0) return unsupported("an uninitialized nn.Module");
      if (typeName == "torch._dynamo.eval_frame.OptimizedModule")
        return unsupported("an OptimizedModule (torch.compile'd module) reached while tracing");
      if (typeName == "torch.nn.modules.rnn.RNN" || typeName == "torch.nn.modules.rnn.GRU" ||
          typeName == "torch.nn.modules.rnn.LSTM")
        return unsupported("RNN/GRU/LSTM modules (Dynamo graph-breaks without allow_rnn)");
      // wrap_module: torch.nn.modules.* except the containers are "builtin".
      builtin = typeName.rfind("torch.nn.modules.", 0) == 0 &&
                typeName.rfind("torch.nn.modules.container.", 0) != 0;
      nnModule = true;
      if (source) source = vt::Source::nnModule(source);
      break;
    }
    case schema::InstanceKind::DATACLASS:
      // A (frozen or plain) dataclass instance reads like a plain object
      // (FrozenDataClassVariable / UserDefinedObjectVariable: TYPE_MATCH, attributes from
      // the instance dict). Stores into a frozen one raise, which the store path reports.
      break;
    case schema::InstanceKind::NAMEDTUPLE: return wrapNamedTuple(ctx, ref, std::move(source));
    case schema::InstanceKind::EXCEPTION: return unsupported("exception instances");
  }
  if (!source) return unsupported("a recorded " + typeName + " object reached without a source");
  // An optimizer is an OptimizerVariable, guarded by identity (its OptimizerSource names
  // like its base); its special attributes are refused in UserObjectVariable::varGetattr.
  const bool optimizer =
      !nnModule && vt::mroFind(ctx.trace, inst.getClass(), {"torch.optim.optimizer.Optimizer"});
  ctx.output.addGuard(optimizer ? GuardKind::ID_MATCH : GuardKind::TYPE_MATCH, source->name());
  VtPtr v;
  if (nnModule) {
    v = std::make_shared<vt::NNModuleVariable>(ref, inst.getClass(), typeName, builtin,
                                               std::move(source));
  } else {
    v = std::make_shared<vt::UserObjectVariable>(ref, inst.getClass(), typeName, std::move(source));
  }
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
  ctx.sideEffects.trackExisting(v);  // track_object_existing: write-back order
  return v;
}

// VariableBuilder's functools.partial branch: func, each of args and each keyword value
// wrapped from their sources, then TYPE_MATCH on the partial, DICT_KEYS_MATCH on its
// keywords and SEQUENCE_LENGTH on its args (FunctoolsPartialVariable).
Expected<VtPtr> VariableBuilder::wrapPartial(TracingContext& ctx, trace::ObjRef ref,
                                             vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  if (!source) return unsupported("a recorded functools.partial reached without a source");
  auto attrs = obj->getInstance().getAttrs();
  auto func = vt::findAttr(attrs, "func");
  auto args = vt::findAttr(attrs, "args");
  auto keywords = vt::findAttr(attrs, "keywords");
  if (!func || !args || !keywords)
    return unsupported("a functools.partial recorded without func/args/keywords");
  auto funcVt = wrap(ctx, *func, vt::Source::attr(source, "func"));
  if (!funcVt) return funcVt;
  auto argsObj = ctx.trace.object(*args);
  if (!argsObj) return argsObj.error();
  auto kwObj = ctx.trace.object(*keywords);
  if (!kwObj) return kwObj.error();
  if (argsObj->which() != W::TUPLE || kwObj->which() != W::DICT)
    return unsupported("a functools.partial whose args/keywords are not a tuple/dict");
  auto argsSource = vt::Source::attr(source, "args");
  auto kwSource = vt::Source::attr(source, "keywords");
  // VariableBuilder here is eager, not lazy: an int is specialised with EQUALS_MATCH alone
  // (wrap_literal), without the CONSTANT_MATCH a realised LazyConstantVariable adds.
  auto wrapEager = [&](trace::ObjRef item, vt::SourcePtr src) -> Expected<VtPtr> {
    auto o = ctx.trace.object(item);
    if (!o) return o.error();
    if (o->which() == W::INT) {
      ctx.output.addGuard(GuardKind::EQUALS_MATCH, src->name());
      return vt::ConstantVariable::make(o->getInt(), src);
    }
    return VariableBuilder::wrap(ctx, item, std::move(src));
  };
  vt::Args argVts;
  unsigned i = 0;
  for (auto item : argsObj->getTuple()) {
    auto v = wrapEager(item, vt::Source::item(argsSource, std::to_string(i++)));
    if (!v) return v;
    argVts.push_back(*v);
  }
  vt::Kwargs kwVts;
  for (auto e : kwObj->getDict()) {
    auto key = ctx.trace.object(e.getKey());
    if (!key) return key.error();
    if (key->which() != W::STR) return unsupported("a functools.partial keyword that is not a str");
    std::string k = key->getStr().cStr();
    auto v = wrapEager(e.getValue(), vt::Source::item(kwSource, vt::pyStrRepr(k)));
    if (!v) return v;
    kwVts.emplace_back(k, *v);
  }
  ctx.output.addGuard(GuardKind::TYPE_MATCH, source->name());
  ctx.output.addGuard(GuardKind::DICT_KEYS_MATCH, kwSource->name());
  ctx.output.addGuard(GuardKind::SEQUENCE_LENGTH, argsSource->name());
  VtPtr v = std::make_shared<vt::PartialVariable>(*funcVt, std::move(argVts), std::move(kwVts),
                                                  std::move(source));
  if (obj->getIdentity() != 0) ctx.objectsByIdentity[obj->getIdentity()] = v;
  return v;
}

Expected<VtPtr> VariableBuilder::wrapUserClass(TracingContext& ctx, trace::ObjRef ref,
                                               vt::SourcePtr source) {
  auto obj = ctx.trace.object(ref);
  if (!obj) return obj.error();
  auto c = obj->getClass();
  std::string typeName = vt::qualifiedClassName(ctx.trace, ref);
  std::string meta = c.getMetaclass().cStr();
  // An Enum class is a UserDefinedClassVariable too (CLASS_MATCH); so is a class whose
  // metaclass is abc.ABCMeta, whose dict (the standard library's, fixed for CPython 3.11)
  // overrides neither __getattribute__ nor __call__. Other metaclasses are recorded by
  // name only, so what they override is unknown. typing.Any's typing._AnyMeta overrides
  // __instancecheck__ (which raises) and __repr__: the class is only used as a constant.
  if (typeName != "typing.Any" && meta != "type" && meta != "builtins.type" &&
      meta != "enum.EnumType" && meta != "enum.EnumMeta" && meta != "torch._C._TensorMeta" &&
      meta != "abc.ABCMeta") {
    // A Python metaclass recorded with its dict (Class.metaclassRef): the class is a
    // UserDefinedClassVariable as under `type` when the metaclass chain overrides only
    // what runs at class creation or on a class-level store (__new__, __init__,
    // __prepare__, __setattr__: the core refuses stores on classes). Anything else
    // (__getattribute__, __getattr__, __call__, descriptors, operators) changes how
    // Dynamo reads or calls the class and is not modelled.
    std::string why;
    if (c.getMetaclassRef() == 0) {
      why = "the trace names the metaclass without its dict";
    } else if (auto m = ctx.trace.object(c.getMetaclassRef()); !m || m->which() != W::CLASS) {
      why = "the metaclass is not recorded as a class";
    } else {
      for (auto k : m->getClass().getMro()) {
        auto kc = ctx.trace.object(k);
        if (!kc || kc->which() != W::CLASS) {
          why = "a class of the metaclass's MRO is not recorded";
          break;
        }
        std::string kn = vt::qualifiedClassName(ctx.trace, k);
        if (kn == "type" || kn == "builtins.type" || kn == "object" || kn == "builtins.object" ||
            kn == "abc.ABCMeta")
          continue;
        for (auto a : kc->getClass().getAttrs()) {
          std::string n = a.getName();
          if (n == "__new__" || n == "__init__" || n == "__prepare__" || n == "__setattr__")
            continue;
          why = "it defines " + n + " (in " + kn + ")";
          break;
        }
        if (!why.empty()) break;
      }
    }
    if (!why.empty())
      return unsupported("class " + typeName + " with metaclass " + c.getMetaclass().cStr() + " (" +
                         why + "; what the metaclass overrides is not modelled)");
  }
  // The same class reached again from another source is the same tracker, with a
  // DUPLICATE_INPUT guard (type(L['o']) then L['o'].__class__). Only classes outside
  // torch are tracked (track_object_existing): a torch class (torch.nn.Linear) reached
  // from two sources is two trackers, each with its CLASS_MATCH.
  std::string classModule = c.getModule().cStr();
  bool tracked = classModule.rfind("torch.", 0) != 0 && classModule.rfind("torch_", 0) != 0;
  if (uint64_t id = obj->getIdentity(); id != 0 && tracked) {
    if (auto seen = ctx.objectsByIdentity.find(id); seen != ctx.objectsByIdentity.end()) {
      dupeGuard(ctx, source, seen->second);
      return seen->second;
    }
  }
  // A user exception class is matched by identity (UserDefinedExceptionClassVariable).
  bool exception = !vt::userExceptionBuiltinBase(ctx.trace, ref).empty();
  // is_from_closure_source: a class reached through a function's __closure__ gets no
  // CLASS_MATCH (it came from LOAD_SUPER_ATTR's self.__class__ in CPython's view).
  bool fromClosure = false;
  for (const vt::Source* s = source.get(); s; s = s->base().get())
    fromClosure = fromClosure || s->kind() == vt::Source::Kind::kClosure ||
                  (s->kind() == vt::Source::Kind::kAttr && s->name().size() > 12 &&
                   s->name().compare(s->name().size() - 12, 12, ".__closure__") == 0);
  if (source && !fromClosure)
    ctx.output.addGuard(exception ? GuardKind::ID_MATCH : GuardKind::CLASS_MATCH, source->name());
  VtPtr cls = std::make_shared<vt::UserClassVariable>(ref, typeName, std::move(source));
  if (obj->getIdentity() != 0 && tracked) ctx.objectsByIdentity[obj->getIdentity()] = cls;
  return cls;
}

Expected<std::shared_ptr<vt::CellVariable>> VariableBuilder::existingCell(
    TracingContext& ctx, trace::ObjRef cellRef, const std::string& name, vt::SourcePtr cellSource,
    vt::SourcePtr contentsSource) {
  auto obj = ctx.trace.object(cellRef);
  if (!obj) return obj.error();
  if (obj->which() != W::CELL) return Error("closure entry " + name + " is not a cell");
  if (auto seen = ctx.sideEffects.findCell(obj->getIdentity())) return seen;
  auto cell = ctx.sideEffects.trackCellExisting(name, std::move(cellSource), obj->getIdentity());
  auto c = obj->getCell();
  if (!c.getEmpty()) {
    cell->setContents(std::make_shared<LazyVariable>(c.getContents(), std::move(contentsSource)));
  }
  return cell;
}

}  // namespace dynrr::tracer
