// wrap_numpy.cpp — see wrap_numpy.h (VariableBuilder.wrap_numpy_ndarray, NumpyTensorSource,
// and the is_numpy branch of VariableBuilder._wrap).
#include "core/tracer/wrap_numpy.h"

#include "core/guards/rules.h"
#include "core/tracer/variable_builder.h"
#include "core/vt/numpy_functions.h"
#include "core/vt/numpy_ndarray.h"

namespace dynrr::tracer {

Expected<VtPtr> wrapNumpyNdarray(TracingContext& ctx, trace::ObjRef ref,
                                 const schema::Object::Reader& obj, vt::SourcePtr source) {
  if (!source) return unsupported("a numpy array reached without a source (SourcelessBuilder)");
  // wrap_numpy_ndarray runs VariableBuilder on the tensor under NumpyTensorSource, so the
  // array is found again by identity as a tensor is.
  uint64_t id = obj.getIdentity();
  auto npSource = vt::Source::expr(source, "___from_numpy(" + source->name() + ")");
  const std::string& npName = npSource->name();
  if (id != 0) {
    if (auto seen = ctx.tensorsByIdentity.find(id); seen != ctx.tensorsByIdentity.end()) {
      const auto& first = seen->second->source();
      if (!first || first->name() != npName)
        ctx.output.addGuard(GuardKind::DUPLICATE_INPUT, npName, "");
      return seen->second;
    }
  }
  auto metaObj = ctx.trace.object(obj.getNdarray().getMeta());
  if (!metaObj || metaObj->which() != schema::Object::Which::TENSOR_META)
    return Error("numpy array without metadata");
  auto meta = metaFromTrace(metaObj->getTensorMeta());
  if (!meta) return meta.error();
  if (!ctx.trace.configOf(ctx.event).getAssumeStaticByDefault() || ctx.recompileTracked ||
      !ctx.dynamicDims.empty())
    return unsupported("a numpy array input (" + source->name() +
                       ") with dynamic shapes on or in a recompiled frame: the symbolic sizes of "
                       "___from_numpy sources are not modelled");
  // One placeholder, named after the array's own source (create_graph_input of
  // wrap_numpy_ndarray; the inner wrap's placeholder is never used and is pruned).
  NodeId node = ctx.output.graphInput(npName, *meta, "torch.Tensor", source->name());
  ctx.output.addGuard(GuardKind::TENSOR_MATCH, npName, guards::tensorMatchDetail(*meta));
  auto arr = std::make_shared<vt::NumpyNdarrayVariable>(node, *meta, npSource);
  arr->setRecorded(ref);
  VtPtr out = arr;
  if (id != 0) ctx.tensorsByIdentity[id] = out;
  return out;
}

Expected<VtPtr> wrapNumpyCallable(TracingContext& ctx, schema::NamedCallable::Reader c,
                                  vt::SourcePtr source) {
  std::string reason = c.getReason().cStr();
  bool function = reason.rfind("NumpyVariable.function:", 0) == 0;
  std::string tnp = reason.substr(reason.find(':') + 1);
  if (source)
    ctx.output.addGuard(function ? GuardKind::CLOSURE_MATCH : GuardKind::ID_MATCH, source->name(),
                        "");
  std::string name = std::string(c.getModule().cStr()) + "." + c.getQualname().cStr();
  return VtPtr(std::make_shared<vt::NumpyVariable>(name, tnp, source));
}

std::optional<VtPtr> wrapNumpyScalarType(TracingContext& ctx, const std::string& qualname,
                                         vt::SourcePtr source) {
  // numpy's scalar types and finfo / iinfo, and the torch._numpy names get_np_to_tnp_map
  // pairs them with.
  static const std::pair<const char*, const char*> kTypes[] = {
      {"float16", "float16"}, {"float32", "float32"}, {"float64", "float64"}, {"int8", "int8"},
      {"int16", "int16"},     {"int32", "int32"},     {"int64", "int64"},     {"uint8", "uint8"},
      {"bool", "bool_"},      {"finfo", "finfo"},     {"iinfo", "iinfo"}};
  for (const auto& [np, tnp] : kTypes) {
    if (qualname != np) continue;
    if (source) ctx.output.addGuard(GuardKind::CLASS_MATCH, source->name(), "");
    return VtPtr(std::make_shared<vt::NumpyVariable>("numpy." + qualname, tnp, source));
  }
  return std::nullopt;
}

}  // namespace dynrr::tracer
