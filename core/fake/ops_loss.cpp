// ops_loss.cpp — meta functions of loss functions: cross_entropy, nll_loss, mse_loss,
// l1_loss, smooth_l1_loss, binary_cross_entropy(_with_logits), kl_div.
//
// Mirrors torch.nn.functional's Python layer (reduction validation with
// _Reduction.get_enum, the size checks of binary_cross_entropy(_with_logits), the
// broadcast_tensors of mse/l1/smooth_l1) and ATen's LossNLL.cpp (cross_entropy_loss:
// class-probability targets when sizes match, else log_softmax + nll_loss_nd;
// nll_loss_nd's dispatch to nll_loss / nll_loss2d and their checks). Reduced losses are
// 0-dim; 'none' keeps the per-element shape.
#include "core/fake/broadcast.h"
#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/promotion.h"
#include "core/fake/strides.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

enum class Reduction { kNone, kMean, kSum, kBatchMean };

std::string torchSize(const Shape& s) {
  std::string out = "torch.Size([";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "])";
}

// reduction=, or the legacy size_average/reduce pair (_Reduction.legacy_get_string).
Expected<Reduction> reduction(const OpCall& call, const BoundArgs& b, bool allowBatchMean) {
  const MetaArg* sizeAverage = b.get("size_average");
  const MetaArg* reduce = b.get("reduce");
  if (sizeAverage != nullptr || reduce != nullptr) {
    const bool sa = sizeAverage == nullptr || !sizeAverage->is<bool>() || sizeAverage->as<bool>();
    const bool rd = reduce == nullptr || !reduce->is<bool>() || reduce->as<bool>();
    if (!rd) return Reduction::kNone;
    return sa ? Reduction::kMean : Reduction::kSum;
  }
  const MetaArg* r = b.get("reduction");
  if (r == nullptr) return Reduction::kMean;
  const auto* s = r->get<std::string>();
  if (s == nullptr) return b.typeError("reduction", "str");
  if (*s == "none") return Reduction::kNone;
  if (*s == "mean") return Reduction::kMean;
  if (*s == "sum") return Reduction::kSum;
  if (*s == "batchmean" && allowBatchMean) return Reduction::kBatchMean;
  return opError(call, *s + " is not a valid value for reduction");
}

TensorMeta lossOutput(const OpCall& call, DType dtype, Shape shape, const Device& device,
                      std::initializer_list<bool> rg) {
  TensorMeta out = TensorMeta::contiguous(dtype, std::move(shape), device);
  out.requiresGrad = outputRequiresGrad(call.ctx, dtype, rg);
  return out;
}

std::string notImplemented(const char* kernel, DType d) {
  return "\"" + std::string(kernel) + "\" not implemented for '" + std::string(scalarTypeName(d)) +
         "'";
}

std::string notDifferentiable(const char* fn, const char* arg) {
  return "The function '" + std::string(fn) + "' is not differentiable with respect to argument '" +
         arg + "'. This input cannot have requires_grad True.";
}

// nll_loss_nd on log-probabilities `x` (already of a floating dtype when it comes from
// cross_entropy's log_softmax).
Expected<TensorMeta> nllLossNd(const OpCall& call, const TensorMeta& x, const TensorMeta& target,
                               const std::optional<TensorMeta>& weight, Reduction red) {
  if (x.dim() < 1) {
    return opError(call, "Expected 1 or more dimensions (got " + std::to_string(x.dim()) + ")");
  }
  if (x.dim() != 1 && (target.dim() == 0 || x.sizes[0] != target.sizes[0])) {
    return opError(call, "Expected input batch_size (" + std::to_string(x.sizes[0]) +
                             ") to match target batch_size (" +
                             std::to_string(target.dim() ? target.sizes[0] : 0) + ").");
  }
  const std::int64_t classes = x.dim() == 1 ? x.sizes[0] : x.sizes[1];
  const bool rg = x.requiresGrad || (weight && weight->requiresGrad);
  auto checkTargetDtype = [&]() -> Status {
    if (target.dtype != DType::kInt64 && target.dtype != DType::kUInt8) {
      return opError(call, "expected target dtype to be Long or Byte, but got " +
                               std::string(scalarTypeName(target.dtype)));
    }
    return {};
  };
  auto checkWeight = [&]() -> Status {
    if (weight && weight->numel() != classes) {
      return opError(
          call,
          "weight tensor should be defined either for all " + std::to_string(classes) +
              " classes or no classes but got weight tensor of shape: " + shapeStr(weight->sizes));
    }
    return {};
  };
  Shape noneShape;
  const char* kernel = "nll_loss_out_frame";
  if (x.dim() <= 2) {
    if (target.dim() > 1) {
      return opError(call, "0D or 1D target tensor expected, multi-target not supported");
    }
    const bool noBatch = x.dim() == 1 && target.dim() == 0;
    if (!noBatch && x.sizes[0] != target.sizes[0]) {
      return opError(call, "size mismatch (got input: " + shapeStr(x.sizes) +
                               ", target: " + shapeStr(target.sizes) + ")");
    }
    if (!noBatch && x.dim() == 2) noneShape = {x.sizes[0]};
  } else {
    kernel = "nll_loss2d_forward_out_frame";
    if (x.dim() == 4) {
      if (target.dim() != 3) {
        return opError(call,
                       "only batches of spatial targets supported (3D tensors) but got targets "
                       "of dimension: " +
                           std::to_string(target.dim()));
      }
      if (x.sizes[0] != target.sizes[0] || x.sizes[2] != target.sizes[1] ||
          x.sizes[3] != target.sizes[2]) {
        return opError(call, "size mismatch (got input: " + shapeStr(x.sizes) +
                                 " , target: " + shapeStr(target.sizes));
      }
      noneShape = target.sizes;
    } else {
      Shape outSize = {x.sizes[0]};
      outSize.insert(outSize.end(), x.sizes.begin() + 2, x.sizes.end());
      Shape tail(target.sizes.begin() + 1, target.sizes.end());
      Shape expected(x.sizes.begin() + 2, x.sizes.end());
      if (tail != expected) {
        return opError(
            call, "Expected target size " + shapeStr(outSize) + ", got " + shapeStr(target.sizes));
      }
      noneShape = outSize;
    }
  }
  if (auto s = checkTargetDtype(); !s) return s.error();
  if (auto s = checkWeight(); !s) return s.error();
  if (!isFloating(x.dtype)) return opError(call, notImplemented(kernel, x.dtype));
  if (call.ctx.gradEnabled && weight && weight->requiresGrad) {
    return opError(call, notDifferentiable(x.dim() <= 2 ? "nll_loss_forward" : "nll_loss2d_forward",
                                           "weight"));
  }
  return lossOutput(call, x.dtype, red == Reduction::kNone ? noneShape : Shape{}, x.device, {rg});
}

// F.nll_loss(input, target, weight, size_average, ignore_index, reduce, reduction).
Expected<MetaValue> nllLossOp(const OpCall& call) {
  auto b = BoundArgs::bind(
      call, {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto t = b->tensor("target");
  if (!t) return t.error();
  auto w = b->optTensor("weight");
  if (!w) return w.error();
  auto red = reduction(call, *b, false);
  if (!red) return red.error();
  auto out = nllLossNd(call, *x, *t, *w, *red);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// F.cross_entropy(input, target, weight, size_average, ignore_index, reduce, reduction,
// label_smoothing).
Expected<MetaValue> crossEntropyOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "target", "weight", "size_average", "ignore_index",
                                  "reduce", "reduction", "label_smoothing"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto t = b->tensor("target");
  if (!t) return t.error();
  auto w = b->optTensor("weight");
  if (!w) return w.error();
  auto red = reduction(call, *b, false);
  if (!red) return red.error();
  auto smoothing = b->number("label_smoothing", 0.0);
  if (!smoothing) return smoothing.error();
  auto ignore = b->integer("ignore_index", -100);
  if (!ignore) return ignore.error();
  const std::int64_t classDim = x->dim() == 1 ? 0 : 1;
  const char* logSoftmax =
      classDim == x->dim() - 1 ? "log_softmax_lastdim_kernel_impl" : "log_softmax_kernel_impl";
  if (x->dim() == 0) {
    return opError(call, "Dimension specified as 1 but tensor has no dimensions");
  }
  if (x->sizes == t->sizes) {
    // Class probabilities: -(log_softmax(x) * target [* weight]).sum(class_dim), reduced.
    if (!isFloating(t->dtype)) {
      return opError(call,
                     "Expected floating point type for target with class probabilities, got " +
                         std::string(scalarTypeName(t->dtype)));
    }
    if (*ignore >= 0) {
      return opError(call, "ignore_index is not supported for floating point target");
    }
    if (!isFloating(x->dtype)) return opError(call, notImplemented(logSoftmax, x->dtype));
    DType dtype = promoteTypes(x->dtype, t->dtype);
    if (*w) dtype = promoteTypes(dtype, (*w)->dtype);
    Shape shape;
    if (*red == Reduction::kNone) {
      shape = x->sizes;
      shape.erase(shape.begin() + classDim);
    }
    return MetaValue(lossOutput(call, dtype, shape, x->device,
                                {x->requiresGrad, t->requiresGrad, *w && (*w)->requiresGrad}));
  }
  if (*smoothing > 1.0 || *smoothing < 0.0) {
    return opError(
        call, "label_smoothing must be between 0.0 and 1.0. Got: " + MetaArg(*smoothing).str());
  }
  if (!isFloating(x->dtype)) return opError(call, notImplemented(logSoftmax, x->dtype));
  TensorMeta logProbs = TensorMeta::contiguous(x->dtype, x->sizes, x->device);
  logProbs.requiresGrad = x->requiresGrad;
  auto out = nllLossNd(call, logProbs, *t, *w, *red);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

enum class Pointwise { kMse, kL1, kSmoothL1, kKlDiv };

// mse_loss / l1_loss / smooth_l1_loss / kl_div(input, target, ..., reduction): the
// operands broadcast (with a warning), 'none' is a TensorIterator output over them.
Expected<MetaValue> pointwiseLossOp(const OpCall& call, Pointwise kind) {
  std::vector<std::string_view> params = {"input", "target", "size_average", "reduce", "reduction"};
  if (kind == Pointwise::kSmoothL1) params.push_back("beta");
  if (kind == Pointwise::kKlDiv) params.push_back("log_target");
  auto b = BoundArgs::bind(call, params);
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto t = b->tensor("target");
  if (!t) return t.error();
  auto red = reduction(call, *b, kind == Pointwise::kKlDiv);
  if (!red) return red.error();
  if (kind == Pointwise::kKlDiv && (isIntegral(x->dtype, true) || isIntegral(t->dtype, true))) {
    return opError(call, "kl_div: Integral inputs not supported.");
  }
  auto shape = broadcastShapes(x->sizes, t->sizes);
  if (!shape) return opError(call, shape.error().message());
  std::vector<IterOperand> ops = {{*x, false}, {*t, false}};
  const DType common = commonDtype(ops, call.ctx.defaultDtype);
  if (kind == Pointwise::kMse && !isFloatingOrComplex(common)) {
    return opError(call, notImplemented("mse_cpu", common));
  }
  if (kind == Pointwise::kSmoothL1 && !isFloatingOrComplex(common)) {
    return opError(call, notImplemented("smooth_l1_cpu", common));
  }
  if (*red != Reduction::kNone) {
    if (kind == Pointwise::kL1 && *red == Reduction::kMean && !isFloatingOrComplex(common)) {
      return opError(call,
                     "mean(): could not infer output dtype. Input dtype must be either a floating "
                     "point or complex dtype. Got: " +
                         std::string(scalarTypeName(common)));
    }
    return MetaValue(lossOutput(call, common, {}, x->device, {x->requiresGrad, t->requiresGrad}));
  }
  // broadcast_tensors first (expanded views), then the elementwise kernel. kl_div computes
  // target * (log(target) - input): target comes first.
  auto ex = expandMeta(*x, *shape);
  auto et = expandMeta(*t, *shape);
  if (!ex || !et) return opError(call, "broadcast failed in " + describeCall(call));
  std::vector<IterOperand> expanded = {{*ex, false}, {*et, false}};
  if (kind == Pointwise::kKlDiv) std::swap(expanded[0], expanded[1]);
  auto out = pointwiseOutput(call, expanded, common, true, common);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// binary_cross_entropy(input, target, weight, size_average, reduce, reduction).
Expected<MetaValue> bceOp(const OpCall& call) {
  auto b =
      BoundArgs::bind(call, {"input", "target", "weight", "size_average", "reduce", "reduction"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto t = b->tensor("target");
  if (!t) return t.error();
  auto w = b->optTensor("weight");
  if (!w) return w.error();
  auto red = reduction(call, *b, false);
  if (!red) return red.error();
  if (x->sizes != t->sizes) {
    return opError(call, "Using a target size (" + torchSize(t->sizes) +
                             ") that is different to the input size (" + torchSize(x->sizes) +
                             ") is deprecated. Please ensure they have the same size.");
  }
  if (t->dtype != x->dtype) {
    return opError(call, "Found dtype " + std::string(scalarTypeName(t->dtype)) + " but expected " +
                             std::string(scalarTypeName(x->dtype)));
  }
  if (!isFloating(x->dtype)) return opError(call, notImplemented("binary_cross_entropy", x->dtype));
  const bool rg = x->requiresGrad || t->requiresGrad || (*w && (*w)->requiresGrad);
  if (*red != Reduction::kNone) return MetaValue(lossOutput(call, x->dtype, {}, x->device, {rg}));
  // loss = empty_like(input), filled by a TensorIterator over (loss, input, target).
  TensorMeta out = *x;
  out.strides = preserveFormatStrides(*x);
  out.storageOffset = 0;
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {rg});
  return MetaValue(std::move(out));
}

// binary_cross_entropy_with_logits(input, target, weight, size_average, reduce, reduction,
// pos_weight): a chain of pointwise ops that starts from the target.
Expected<MetaValue> bceLogitsOp(const OpCall& call) {
  auto b = BoundArgs::bind(
      call, {"input", "target", "weight", "size_average", "reduce", "reduction", "pos_weight"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto t = b->tensor("target");
  if (!t) return t.error();
  auto w = b->optTensor("weight");
  if (!w) return w.error();
  auto pw = b->optTensor("pos_weight");
  if (!pw) return pw.error();
  auto red = reduction(call, *b, false);
  if (!red) return red.error();
  if (x->sizes != t->sizes) {
    return opError(call, "Target size (" + torchSize(t->sizes) +
                             ") must be the same as input size (" + torchSize(x->sizes) + ")");
  }
  std::vector<IterOperand> ops = {{*t, false}, {*x, false}};
  if (*pw) ops.push_back({**pw, false});
  if (*w) ops.push_back({**w, false});
  const DType common = commonDtype(ops, call.ctx.defaultDtype);
  if (!isFloatingOrComplex(common)) return opError(call, notImplemented("log_sigmoid_cpu", common));
  if (call.ctx.gradEnabled && *w && (*w)->requiresGrad) {
    return opError(call, notDifferentiable("binary_cross_entropy_with_logits", "weight"));
  }
  bool rg = false;
  for (const auto& o : ops) rg = rg || o.meta.requiresGrad;
  if (*red != Reduction::kNone) return MetaValue(lossOutput(call, common, {}, x->device, {rg}));
  auto out = pointwiseOutput(call, ops, common, true, common);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

}  // namespace

void registerLossOps(OpRegistry& r) {
  r.add("torch.nn.functional.cross_entropy", crossEntropyOp);
  r.add("torch.nn.functional.nll_loss", nllLossOp);
  r.add("torch.nn.functional.mse_loss",
        [](const OpCall& c) { return pointwiseLossOp(c, Pointwise::kMse); });
  r.add("torch.nn.functional.l1_loss",
        [](const OpCall& c) { return pointwiseLossOp(c, Pointwise::kL1); });
  r.add("torch.nn.functional.smooth_l1_loss",
        [](const OpCall& c) { return pointwiseLossOp(c, Pointwise::kSmoothL1); });
  r.add("torch.nn.functional.kl_div",
        [](const OpCall& c) { return pointwiseLossOp(c, Pointwise::kKlDiv); });
  r.add("torch.nn.functional.binary_cross_entropy", bceOp);
  r.add("torch.nn.functional.binary_cross_entropy_with_logits", bceLogitsOp);
}

}  // namespace dynrr::fake
