// ops_nn.cpp — meta functions of torch.nn.functional ops and masked_fill / where.
//
// Mirrors ATen: layer_norm (layer_norm_cpu: contiguous output), dropout (its Python
// decomposition under the Python dispatcher: input.clone() when not training or p == 0,
// otherwise input * empty_like(input)),
// convolution (ConvUtils.h shape checks and conv_output_size; output channels_last when
// input or weight suggests it, as mkldnn_conv_use_channels_last), max_pool2d
// (pooling_output_shape, input memory format kept), embedding (index dtype check, output
// indices.shape + [dim]), masked_fill (expand_outplace + contiguous clone) and where
// (TensorIterator over condition, self, other).
#include <algorithm>

#include "core/fake/broadcast.h"
#include "core/fake/elementwise.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"
#include "core/fake/view_util.h"

namespace dynrr::fake {
namespace {

std::string lowerName(DType d) {
  std::string s(scalarTypeName(d));
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Expected<MetaValue> layerNormOp(const OpCall& call) {
  auto b =
      BoundArgs::bind(call, {"input", "normalized_shape", "weight", "bias", "eps", "cudnn_enable"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto shape = b->intList("normalized_shape");
  if (!shape) return shape.error();
  auto w = b->optTensor("weight");
  if (!w) return w.error();
  auto bias = b->optTensor("bias");
  if (!bias) return bias.error();
  const auto n = static_cast<std::int64_t>(shape->size());
  if (n < 1)
    return opError(call,
                   "Expected normalized_shape to be at least 1-dimensional, i.e., containing at "
                   "least one element, but got normalized_shape = []");
  if (*w && (*w)->sizes != *shape) {
    return opError(
        call, "Expected weight to be of same shape as normalized_shape, but got weight of shape " +
                  shapeStr((*w)->sizes) + " and normalized_shape = " + shapeStr(*shape));
  }
  if (*bias && (*bias)->sizes != *shape) {
    return opError(call,
                   "Expected bias to be of same shape as normalized_shape, but got bias of shape " +
                       shapeStr((*bias)->sizes) + " and normalized_shape = " + shapeStr(*shape));
  }
  bool ok = x->dim() >= n;
  for (std::int64_t i = 0; ok && i < n; ++i) ok = x->sizes[x->dim() - n + i] == (*shape)[i];
  if (!ok) {
    std::string expected = "[*";
    for (auto v : *shape) expected += ", " + std::to_string(v);
    return opError(call, "Given normalized_shape=" + shapeStr(*shape) +
                             ", expected input with shape " + expected +
                             "], but got input of size" + shapeStr(x->sizes));
  }
  if (!isFloating(x->dtype)) {
    return opError(call, "\"LayerNormKernelImpl\" not implemented for '" +
                             std::string(scalarTypeName(x->dtype)) + "'");
  }
  TensorMeta out = TensorMeta::contiguous(x->dtype, x->sizes, x->device);
  out.requiresGrad = outputRequiresGrad(
      call.ctx, out.dtype,
      {x->requiresGrad, *w && (*w)->requiresGrad, *bias && (*bias)->requiresGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> dropoutOp(const OpCall& call) {
  // torch.dropout(input, p, train) / F.dropout(input, p, training, inplace).
  auto b = call.op == "torch.dropout"
               ? BoundArgs::bind(call, {"input", "p", "training"})
               : BoundArgs::bind(call, {"input", "p", "training", "inplace"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto p = b->number("p", 0.5);
  if (!p) return p.error();
  auto training = b->boolean("training", true);
  if (!training) return training.error();
  if (*p < 0.0 || *p > 1.0) {
    return opError(call,
                   "dropout probability has to be between 0 and 1, but got " + MetaArg(*p).str());
  }
  // Dynamo runs the op with the Python dispatcher on, so aten.dropout takes its Python
  // decomposition: input.clone() (preserve format: a new, dense tensor) when not
  // training or p == 0, otherwise native_dropout's (input times a mask of its layout).
  if (!*training || *p == 0.0) {
    TensorMeta out = *x;
    out.storageOffset = 0;
    out.strides = preserveFormatStrides(*x);
    out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {x->requiresGrad});
    return MetaValue(std::move(out));
  }
  if (!isFloatingOrComplex(x->dtype)) {
    return opError(call, "result type Float can't be cast to the desired output type " +
                             std::string(scalarTypeName(x->dtype)));
  }
  std::vector<IterOperand> ops;
  ops.push_back({*x, false});
  if (*p == 1.0) {
    ops.push_back({TensorMeta::contiguous(x->dtype, {}, x->device), false});
  } else {
    TensorMeta noise = *x;
    noise.strides = preserveFormatStrides(*x);
    noise.storageOffset = 0;
    noise.requiresGrad = false;
    ops.push_back({noise, false});
  }
  auto out = pointwiseOutput(call, ops, x->dtype);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// An int or a tuple of `n` ints (torch's IntArrayRef[2] expansion of a single int).
Expected<Shape> pair(const BoundArgs& b, std::string_view name, std::int64_t dflt) {
  if (!b.has(name)) return Shape{dflt, dflt};
  auto v = b.intList(name);
  if (!v) return v.error();
  if (v->size() == 1) return Shape{(*v)[0], (*v)[0]};
  if (v->size() != 2) return b.typeError(name, "int or tuple of 2 ints");
  return v;
}

Expected<MetaValue> conv2dOp(const OpCall& call) {
  auto b =
      BoundArgs::bind(call, {"input", "weight", "bias", "stride", "padding", "dilation", "groups"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto w = b->tensor("weight");
  if (!w) return w.error();
  auto bias = b->optTensor("bias");
  if (!bias) return bias.error();
  auto stride = pair(*b, "stride", 1);
  if (!stride) return stride.error();
  auto dilation = pair(*b, "dilation", 1);
  if (!dilation) return dilation.error();
  auto groups = b->integer("groups", 1);
  if (!groups) return groups.error();
  if (x->dim() != 3 && x->dim() != 4) {
    return opError(
        call, "Expected 3D (unbatched) or 4D (batched) input to conv2d, but got input of size: " +
                  shapeStr(x->sizes));
  }
  if (w->dim() != 4)
    return opError(call, "weight should have 4 dimensions in " + describeCall(call));
  if (*groups <= 0) return opError(call, "non-positive groups is not supported");
  const bool batched = x->dim() == 4;
  TensorMeta in = batched ? *x : unsqueezeMeta(*x, 0);
  Shape pad = {0, 0};
  bool same = false;
  if (const MetaArg* p = b->get("padding")) {
    if (const auto* s = p->get<std::string>()) {
      if (*s == "same") {
        same = true;
      } else if (*s != "valid") {
        return opError(call, "Invalid padding string: '" + *s + "'");
      }
    } else {
      auto pp = pair(*b, "padding", 0);
      if (!pp) return pp.error();
      pad = *pp;
    }
  }
  if (same && ((*stride)[0] != 1 || (*stride)[1] != 1)) {
    return opError(call, "padding='same' is not supported for strided convolutions");
  }
  if (in.sizes[1] != w->sizes[1] * *groups) {
    return opError(call, "Given groups=" + std::to_string(*groups) + ", weight of size " +
                             shapeStr(w->sizes) + ", expected input" + shapeStr(in.sizes) +
                             " to have " + std::to_string(w->sizes[1] * *groups) +
                             " channels, but got " + std::to_string(in.sizes[1]) +
                             " channels instead");
  }
  if (w->sizes[0] % *groups != 0) {
    return opError(call, "Given groups=" + std::to_string(*groups) +
                             ", expected weight to be divisible by " + std::to_string(*groups) +
                             " at dimension 0, but got weight of size " + shapeStr(w->sizes) +
                             " instead");
  }
  if (x->dtype != w->dtype) {
    return opError(call, "expected scalar type " + std::string(scalarTypeName(x->dtype)) +
                             " but found " + std::string(scalarTypeName(w->dtype)));
  }
  if (*bias && ((*bias)->dim() != 1 || (*bias)->sizes[0] != w->sizes[0])) {
    return opError(call, "Given weight of size " + shapeStr(w->sizes) +
                             ", expected bias to be 1-dimensional with " +
                             std::to_string(w->sizes[0]) + " elements, but got bias of size " +
                             shapeStr((*bias)->sizes) + " instead");
  }
  Shape outSizes = {in.sizes[0], w->sizes[0], 0, 0};
  for (int i = 0; i < 2; ++i) {
    const std::int64_t k = (*dilation)[i] * (w->sizes[2 + i] - 1) + 1;
    const std::int64_t padded = in.sizes[2 + i] + (same ? k - 1 : 2 * pad[i]);
    if (padded < k) {
      return opError(call, "Calculated padded input size per channel: (" +
                               std::to_string(in.sizes[2] + 2 * pad[0]) + " x " +
                               std::to_string(in.sizes[3] + 2 * pad[1]) + "). Kernel size: (" +
                               std::to_string(w->sizes[2]) + " x " + std::to_string(w->sizes[3]) +
                               "). Kernel size can't be greater than actual input size");
    }
    outSizes[2 + i] = (padded - k) / (*stride)[i] + 1;
  }
  const bool channelsLast = in.suggestMemoryFormat() == MemoryFormat::kChannelsLast ||
                            w->suggestMemoryFormat() == MemoryFormat::kChannelsLast;
  TensorMeta out = TensorMeta::contiguous(x->dtype, outSizes, x->device);
  if (channelsLast) out.strides = channelsLastStrides(outSizes);
  if (!batched) {
    out.sizes.erase(out.sizes.begin());
    out.strides.erase(out.strides.begin());
  }
  out.requiresGrad = outputRequiresGrad(
      call.ctx, out.dtype, {x->requiresGrad, w->requiresGrad, *bias && (*bias)->requiresGrad});
  return MetaValue(std::move(out));
}

std::int64_t poolOutputSize(std::int64_t in, std::int64_t k, std::int64_t pad, std::int64_t stride,
                            std::int64_t dilation, bool ceil) {
  const std::int64_t num = in + 2 * pad - dilation * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  // div_rtn: division rounding toward negative infinity.
  std::int64_t q = num / stride;
  if ((num % stride != 0) && ((num < 0) != (stride < 0))) --q;
  std::int64_t out = q + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

Expected<MetaValue> maxPool2dOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "kernel_size", "stride", "padding", "dilation",
                                  "ceil_mode", "return_indices"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto k = pair(*b, "kernel_size", 1);
  if (!k) return k.error();
  Shape stride = *k;
  if (b->has("stride")) {
    auto s = b->intList("stride");
    if (!s) return s.error();
    if (s->size() == 1) stride = {(*s)[0], (*s)[0]};
    if (s->size() == 2) stride = *s;
  }
  auto pad = pair(*b, "padding", 0);
  if (!pad) return pad.error();
  auto dil = pair(*b, "dilation", 1);
  if (!dil) return dil.error();
  auto ceil = b->boolean("ceil_mode", false);
  if (!ceil) return ceil.error();
  auto indices = b->boolean("return_indices", false);
  if (!indices) return indices.error();
  if (x->dim() != 3 && x->dim() != 4) {
    return opError(call, "non-empty 3D or 4D (batch mode) tensor expected for input");
  }
  Shape out = x->sizes;
  const auto h = x->dim() - 2;
  for (int i = 0; i < 2; ++i) {
    if ((*pad)[i] > (((*k)[i] - 1) * (*dil)[i] + 1) / 2) {
      return opError(call, "pad should be at most half of effective kernel size, but got pad=" +
                               std::to_string((*pad)[i]) +
                               ", kernel_size=" + std::to_string((*k)[i]) +
                               " and dilation=" + std::to_string((*dil)[i]));
    }
    out[h + i] = poolOutputSize(x->sizes[h + i], (*k)[i], (*pad)[i], stride[i], (*dil)[i], *ceil);
    if (out[h + i] <= 0) {
      return opError(call, "Given input size: " + shapeStr(x->sizes) +
                               ". Calculated output size is too small");
    }
  }
  const MemoryFormat format = x->dim() == 4 ? x->suggestMemoryFormat() : MemoryFormat::kContiguous;
  TensorMeta values = TensorMeta::contiguous(x->dtype, out, x->device);
  values.strides = stridesForFormat(out, format);
  values.requiresGrad = outputRequiresGrad(call.ctx, values.dtype, {x->requiresGrad});
  if (!*indices) return MetaValue(std::move(values));
  TensorMeta idx = values;
  idx.dtype = DType::kInt64;
  idx.requiresGrad = false;
  return MetaValue::tuple({MetaValue(std::move(values)), MetaValue(std::move(idx))});
}

Expected<MetaValue> embeddingOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "weight", "padding_idx", "max_norm", "norm_type",
                                  "scale_grad_by_freq", "sparse"});
  if (!b) return b.error();
  auto idx = b->tensor("input");
  if (!idx) return idx.error();
  auto w = b->tensor("weight");
  if (!w) return w.error();
  if (idx->dtype != DType::kInt64 && idx->dtype != DType::kInt32) {
    return opError(call,
                   "Expected tensor for argument #1 'indices' to have one of the following "
                   "scalar types: Long, Int; but got torch." +
                       std::string(scalarTypeName(idx->dtype)) +
                       "Tensor instead (while checking arguments for embedding)");
  }
  if (w->dim() != 2) return opError(call, "'weight' must be 2-D");
  Shape shape = idx->sizes;
  shape.push_back(w->sizes[1]);
  TensorMeta out = TensorMeta::contiguous(w->dtype, shape, w->device);
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {w->requiresGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> maskedFillOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "mask", "value"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto mask = b->tensor("mask");
  if (!mask) return mask.error();
  const MetaArg* value = b->get("value");
  if (value == nullptr) return b->typeError("value", "Number or Tensor");
  if (mask->dtype != DType::kBool) {
    return opError(call, "masked_fill_ only supports boolean masks, but got mask with dtype " +
                             lowerName(mask->dtype));
  }
  bool valueGrad = false;
  if (const auto* v = value->get<TensorMeta>()) {
    if (v->dim() != 0) {
      return opError(call,
                     "masked_fill_ only supports a 0-dimensional value tensor, but got "
                     "tensor with " +
                         std::to_string(v->dim()) + " dimension(s).");
    }
    valueGrad = v->requiresGrad;
  } else if (!value->is<double>() && !value->is<std::int64_t>() && !value->is<bool>()) {
    return b->typeError("value", "Number or Tensor");
  }
  auto shape = broadcastShapes(mask->sizes, x->sizes);
  if (!shape) return opError(call, shape.error().message());
  TensorMeta out = TensorMeta::contiguous(x->dtype, *shape, x->device);
  out.requiresGrad = outputRequiresGrad(call.ctx, out.dtype, {x->requiresGrad, valueGrad});
  return MetaValue(std::move(out));
}

Expected<MetaValue> whereOp(const OpCall& call) {
  const bool method = call.op == "Tensor.where";
  auto b = method ? BoundArgs::bind(call, {"input", "condition", "other"})
                  : BoundArgs::bind(call, {"condition", "input", "other"});
  if (!b) return b.error();
  auto cond = b->tensor("condition");
  if (!cond) return cond.error();
  const MetaArg* x = b->get("input");
  const MetaArg* y = b->get("other");
  if (x == nullptr || y == nullptr) {
    return opError(call,
                   "data-dependent output size: where(condition) is nonzero(condition, "
                   "as_tuple=True), whose length is the number of true elements");
  }
  if (cond->dtype != DType::kBool) {
    return opError(call,
                   "where expected condition to be a boolean tensor, but got a tensor with dtype " +
                       std::string(scalarTypeName(cond->dtype)));
  }
  auto a = toOperand(call, *x, "input");
  if (!a) return a.error();
  auto c = toOperand(call, *y, "other");
  if (!c) return c.error();
  const DType dtype = commonDtype({*a, *c}, call.ctx.defaultDtype);
  // where_self converts self/other to the result type before iterating.
  auto out = pointwiseOutput(call, {{*cond, false}, convertedTo(*a, dtype), convertedTo(*c, dtype)},
                             dtype);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

}  // namespace

void registerNnOps(OpRegistry& r) {
  r.add("torch.nn.functional.layer_norm", layerNormOp);
  r.add("torch.layer_norm", layerNormOp);
  for (const char* n : {"torch.nn.functional.dropout", "torch.dropout"}) r.add(n, dropoutOp);
  r.add("torch.nn.functional.conv2d", conv2dOp);
  r.add("torch.conv2d", conv2dOp);
  r.add("torch.nn.functional.max_pool2d", maxPool2dOp);
  r.add("torch.max_pool2d", maxPool2dOp);
  r.add("torch.nn.functional.embedding", embeddingOp);
  for (const char* n : {"torch.masked_fill", "Tensor.masked_fill"}) r.add(n, maskedFillOp);
  for (const char* n : {"torch.where", "Tensor.where"}) r.add(n, whereOp);
}

}  // namespace dynrr::fake
