// autocast_mode.cpp — see autocast_mode.h.
#include "core/vt/autocast_mode.h"

#include <unordered_set>

#include "core/fake/dtype.h"
#include "core/tracer/instruction_translator.h"

namespace dynrr::vt {

VtPtr AutocastModeVariable::makeClass(std::string fixedDevice, SourcePtr source) {
  auto v = std::make_shared<AutocastModeVariable>(true, std::move(source));
  v->fixedDevice_ = std::move(fixedDevice);
  return v;
}

VtPtr AutocastModeVariable::makeManager(ConstantValue device, ConstantValue dtype,
                                        ConstantValue enabled, ConstantValue cacheEnabled,
                                        SourcePtr source) {
  auto v = std::make_shared<AutocastModeVariable>(false, std::move(source));
  v->device_ = std::move(device);
  v->dtype_ = std::move(dtype);
  v->enabled_ = std::move(enabled);
  v->cacheEnabled_ = std::move(cacheEnabled);
  return v;
}

// AutocastModeVariable.create: inspect.signature(autocast).bind(*args, **kwargs) with
// defaults applied, each target value as_python_constant(); the aliases fix the device.
Expected<VtPtr> AutocastModeVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  if (!isClass_) return unsupported("calling a torch.autocast object (as a decorator)");
  static const char* kParams[] = {"device_type", "dtype", "enabled", "cache_enabled"};
  // The deprecated aliases take no device_type; only torch.autocast's signature is
  // modelled.
  if (!fixedDevice_.empty())
    return unsupported("torch." + fixedDevice_ + ".amp.autocast (a deprecated alias)");
  std::vector<std::optional<ConstantValue>> bound(4);
  if (args.size() > 4) return unsupported("torch.autocast with more than four arguments");
  auto constantOf = [&](const VtPtr& v) -> Expected<ConstantValue> {
    auto r = v->realize(tx);
    if (!r) return r.error();
    const ConstantVariable* c = asConstant(*r);
    if (!c) return unsupported("torch.autocast with a non-constant argument");
    return c->value();
  };
  for (size_t i = 0; i < args.size(); ++i) {
    auto c = constantOf(args[i]);
    if (!c) return c.error();
    bound[i] = *c;
  }
  for (const auto& [name, value] : kwargs) {
    size_t i = 0;
    while (i < 4 && name != kParams[i]) ++i;
    if (i == 4) return unsupported("torch.autocast with keyword " + name);
    if (bound[i]) return unsupported("torch.autocast with " + name + " given twice");
    auto c = constantOf(value);
    if (!c) return c.error();
    bound[i] = *c;
  }
  if (!bound[0]) return unsupported("torch.autocast without device_type");
  return makeManager(*bound[0], bound[1].value_or(NoneValue{}), bound[2].value_or(true),
                     bound[3].value_or(NoneValue{}));
}

Expected<VtPtr> AutocastModeVariable::enter(Tx& tx) {
  if (isClass_) return unsupported("a with statement on the class torch.autocast");
  auto& ctx = tx.context();
  const std::string* device = std::get_if<std::string>(&device_);
  if (!device || *device != "cpu")
    return unsupported("torch.autocast on a device other than cpu (" + constantRepr(device_) + ")");
  const bool* enabled = std::get_if<bool>(&enabled_);
  if (!enabled) return unsupported("torch.autocast with a non-bool enabled");
  if (!std::holds_alternative<bool>(cacheEnabled_) &&
      !std::holds_alternative<NoneValue>(cacheEnabled_))
    return unsupported("torch.autocast with a cache_enabled that is not a bool or None");
  // autocast.__init__: dtype None means torch.get_autocast_dtype(device_type), the
  // recorded CPU autocast dtype; CPU autocast supports bfloat16 and float16 only (others
  // warn and disable autocast).
  std::string dtypeName;
  if (const auto* t = std::get_if<TorchConstant>(&dtype_);
      t && t->kind == TorchConstant::Kind::kDtype)
    dtypeName = t->name;
  else if (std::holds_alternative<NoneValue>(dtype_))
    dtypeName = ctx.event.getFrame().getGlobalState().getAutocastCpuDtype().cStr();
  else
    return unsupported("torch.autocast with a dtype that is not a torch.dtype");
  auto lower = fake::parseDType(dtypeName);
  if (!lower || (*lower != fake::DType::kBFloat16 && *lower != fake::DType::kFloat16))
    return unsupported("CPU torch.autocast with dtype " + dtypeName +
                       " (autocast warns and disables itself)");
  if (!ctx.autocastCpuRegions.empty() || ctx.autocastCpuEnabled)
    return unsupported("nested CPU autocast regions");
  // torch.amp._enter_autocast(*target_values): the node's arguments are the target values
  // as given (dtype and cache_enabled may be None).
  proxy_ = ctx.output.callFunction(
      "torch.amp.autocast_mode._enter_autocast",
      {tracer::GraphArg::ofConstant(device_), tracer::GraphArg::ofConstant(dtype_),
       tracer::GraphArg::ofConstant(enabled_), tracer::GraphArg::ofConstant(cacheEnabled_)},
      {});
  if (*enabled) {
    ctx.autocastCpuRegions.push_back(*lower);
    ctx.autocastCpuEnabled = true;
    ctx.anyAutocastEnabled = true;
  }
  return ConstantVariable::make(NoneValue{});
}

Expected<VtPtr> AutocastModeVariable::exit(Tx& tx, Args) {
  if (!proxy_) return unsupported("exiting a torch.autocast that was not entered while tracing");
  auto& ctx = tx.context();
  ctx.output.callFunction("torch.amp.autocast_mode._exit_autocast",
                          {tracer::GraphArg::ofNode(*proxy_)}, {});
  if (std::get<bool>(enabled_) && !ctx.autocastCpuRegions.empty()) {
    ctx.autocastCpuRegions.pop_back();
    ctx.autocastCpuEnabled = !ctx.autocastCpuRegions.empty();
    ctx.anyAutocastEnabled = ctx.autocastCpuEnabled || ctx.autocastGpuEnabled;
  }
  return ConstantVariable::make(NoneValue{});
}

namespace {

// The CPU lower_precision_fp list.
const std::unordered_set<std::string>& lowerPrecisionOps() {
  static const std::unordered_set<std::string> k = {"conv1d",
                                                    "conv2d",
                                                    "conv3d",
                                                    "bmm",
                                                    "mm",
                                                    "linalg_vecdot",
                                                    "baddbmm",
                                                    "addmm",
                                                    "addbmm",
                                                    "linear",
                                                    "_convolution",
                                                    "matmul",
                                                    "conv_tbc",
                                                    "mkldnn_rnn_layer",
                                                    "conv_transpose1d",
                                                    "conv_transpose2d",
                                                    "conv_transpose3d",
                                                    "prelu",
                                                    "scaled_dot_product_attention",
                                                    "_native_multi_head_attention",
                                                    "__matmul__",
                                                    "__rmatmul__"};
  return k;
}

// The CPU fp32 list (the operators the core has meta functions for or might reach).
const std::unordered_set<std::string>& fp32Ops() {
  static const std::unordered_set<std::string> k = {"avg_pool3d",
                                                    "binary_cross_entropy",
                                                    "grid_sampler",
                                                    "polar",
                                                    "prod",
                                                    "quantile",
                                                    "nanquantile",
                                                    "stft",
                                                    "cdist",
                                                    "grid_sampler_2d",
                                                    "grid_sampler_3d",
                                                    "trace",
                                                    "view_as_complex",
                                                    "cholesky",
                                                    "cholesky_inverse",
                                                    "cholesky_solve",
                                                    "inverse",
                                                    "lu_solve",
                                                    "orgqr",
                                                    "ormqr",
                                                    "pinverse",
                                                    "max_pool3d",
                                                    "max_unpool2d",
                                                    "max_unpool3d",
                                                    "adaptive_avg_pool3d",
                                                    "reflection_pad1d",
                                                    "reflection_pad2d",
                                                    "replication_pad1d",
                                                    "replication_pad2d",
                                                    "replication_pad3d",
                                                    "mse_loss",
                                                    "cosine_embedding_loss",
                                                    "nll_loss",
                                                    "nll_loss2d",
                                                    "hinge_embedding_loss",
                                                    "poisson_nll_loss",
                                                    "smooth_l1_loss",
                                                    "cross_entropy_loss",
                                                    "l1_loss",
                                                    "huber_loss",
                                                    "margin_ranking_loss",
                                                    "soft_margin_loss",
                                                    "triplet_margin_loss",
                                                    "multi_margin_loss",
                                                    "ctc_loss",
                                                    "kl_div",
                                                    "multilabel_margin_loss",
                                                    "binary_cross_entropy_with_logits"};
  return k;
}

// Operators on neither list whose kernels run unchanged under autocast (not composites of
// listed operators).
const std::unordered_set<std::string>& passThroughOps() {
  static const std::unordered_set<std::string> k = {
      "add",     "sub",     "mul",         "div",      "neg",        "pow",      "__add__",
      "__sub__", "__mul__", "__truediv__", "__radd__", "__rmul__",   "__rsub__", "__rtruediv__",
      "__neg__", "truediv", "abs",         "exp",      "log",        "sqrt",     "rsqrt",
      "relu",    "relu_",   "gelu",        "silu",     "sigmoid",    "tanh",     "softmax",
      "dropout", "float",   "half",        "bfloat16", "double",     "to",       "type",
      "view",    "reshape", "transpose",   "permute",  "contiguous", "getitem",  "unsqueeze",
      "squeeze", "flatten", "clone",       "detach",   "t",          "expand",   "mean",
      "sum",     "amax",    "argmax",      "max",      "min"};
  return k;
}

Status castFloating(std::vector<fake::MetaArg>& args, fake::Kwargs& kwargs, fake::DType to) {
  auto cast = [&](fake::MetaArg& a) {
    if (const auto* t = a.get<fake::TensorMeta>();
        t && fake::isFloating(t->dtype) && t->dtype != fake::DType::kFloat64 && t->dtype != to) {
      fake::TensorMeta m = *t;
      m.dtype = to;
      a = fake::MetaArg(std::move(m));
    }
  };
  for (auto& a : args) {
    if (a.is<fake::ArgSeq>()) return unsupported("a tensor list argument under torch.autocast");
    cast(a);
  }
  for (auto& [name, a] : kwargs) {
    if (a.is<fake::ArgSeq>()) return unsupported("a tensor list argument under torch.autocast");
    cast(a);
  }
  return Status::success();
}

}  // namespace

Status autocastCastPolicy(const std::string& op, fake::DType lower,
                          std::vector<fake::MetaArg>& args, fake::Kwargs& kwargs) {
  std::string base = op.substr(op.rfind('.') + 1);
  if (lowerPrecisionOps().count(base)) return castFloating(args, kwargs, lower);
  if (fp32Ops().count(base)) return castFloating(args, kwargs, fake::DType::kFloat32);
  if (passThroughOps().count(base)) return Status::success();
  return unsupported("operator " + op +
                     " under torch.autocast (its autocast cast policy is not modelled)");
}

}  // namespace dynrr::vt
