// ops_norm.cpp — meta functions of normalisation layers and norms: batch_norm,
// group_norm, instance_norm, F.normalize, torch.norm and torch.linalg.vector_norm.
//
// Mirrors torch.nn.functional's Python checks (_verify_batch_size, _verify_spatial_size)
// and ATen's Normalization.cpp (_batch_norm_impl_index's running-stat/weight size checks,
// batch_norm_cpu's mixed-dtype rule from mixed_data_type.h, output in the input's
// suggested memory format), group_norm.cpp (channel/group checks, suggested memory
// format), instance_norm (batch_norm on a (1, N*C, ...) view: contiguous output) and
// LinearAlgebra.cpp's linalg_vector_norm (a reduction; floating or complex input only,
// complex inputs give real norms).
#include <algorithm>

#include "core/fake/elementwise.h"
#include "core/fake/op_args.h"
#include "core/fake/ops.h"
#include "core/fake/strides.h"

namespace dynrr::fake {
namespace {

std::string torchSize(const Shape& s) {
  std::string out = "torch.Size([";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "])";
}

DType realType(DType d) {
  if (d == DType::kComplex64) return DType::kFloat32;
  if (d == DType::kComplex128) return DType::kFloat64;
  return d;
}

// An output in the input's suggested memory format (empty_like(input, suggest_memory_format)).
TensorMeta suggestedLike(const TensorMeta& x) {
  TensorMeta out = TensorMeta::contiguous(x.dtype, x.sizes, x.device);
  if (x.dim() == 4 && x.suggestMemoryFormat() == MemoryFormat::kChannelsLast) {
    out.strides = channelsLastStrides(x.sizes);
  }
  return out;
}

bool rgOf(const std::optional<TensorMeta>& t) { return t && t->requiresGrad; }

// _batch_norm_impl_index + batch_norm_cpu: size checks, then dtype support and mixed types.
Expected<TensorMeta> batchNormCore(const OpCall& call, const TensorMeta& x,
                                   const std::optional<TensorMeta>& weight,
                                   const std::optional<TensorMeta>& bias,
                                   const std::optional<TensorMeta>& mean,
                                   const std::optional<TensorMeta>& var, bool training) {
  if (x.dim() < 2) {
    return opError(call, "batch_norm of a " + std::to_string(x.dim()) +
                             "-d input is not modelled (torch reads size(1) of it)");
  }
  const std::int64_t features = x.sizes[1];
  auto check = [&](const char* name, const std::optional<TensorMeta>& t) -> Status {
    if (t && t->numel() != features) {
      return opError(call, std::string(name) + " should contain " + std::to_string(features) +
                               " elements not " + std::to_string(t->numel()));
    }
    return {};
  };
  if (auto s = check("running_mean", mean); !s) return s.error();
  if (!mean && !training) return opError(call, "running_mean must be defined in evaluation mode");
  if (auto s = check("running_var", var); !s) return s.error();
  if (!var && !training) return opError(call, "running_var must be defined in evaluation mode");
  if (auto s = check("weight", weight); !s) return s.error();
  if (auto s = check("bias", bias); !s) return s.error();
  if (!isFloating(x.dtype)) {
    return opError(
        call, "\"batch_norm\" not implemented for '" + std::string(scalarTypeName(x.dtype)) + "'");
  }
  const std::optional<TensorMeta>* params[] = {&weight, &bias, &mean, &var};
  std::optional<DType> first;
  for (const auto* p : params) {
    if (p->has_value() && !first) first = (*p)->dtype;
  }
  if (first && *first != x.dtype) {
    for (const auto* p : params) {
      if (p->has_value() && (*p)->dtype != DType::kFloat32) {
        return opError(call, "mixed dtype (CPU): expect parameter to have scalar type of Float");
      }
    }
    if (x.dtype != DType::kFloat16 && x.dtype != DType::kBFloat16) {
      return opError(call, "mixed dtype (CPU): all inputs must share same datatype.");
    }
  }
  TensorMeta out = suggestedLike(x);
  out.requiresGrad =
      outputRequiresGrad(call.ctx, out.dtype, {x.requiresGrad, rgOf(weight), rgOf(bias)});
  return out;
}

// F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps) and
// torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
// cudnn_enabled).
Expected<MetaValue> batchNormOp(const OpCall& call) {
  const bool functional = call.op == "torch.nn.functional.batch_norm";
  auto b = functional
               ? BoundArgs::bind(call, {"input", "running_mean", "running_var", "weight", "bias",
                                        "training", "momentum", "eps"})
               : BoundArgs::bind(call, {"input", "weight", "bias", "running_mean", "running_var",
                                        "training", "momentum", "eps", "cudnn_enabled"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  std::optional<TensorMeta> t[4];
  const char* names[] = {"running_mean", "running_var", "weight", "bias"};
  for (int i = 0; i < 4; ++i) {
    auto v = b->optTensor(names[i]);
    if (!v) return v.error();
    t[i] = *v;
  }
  auto training = b->boolean("training", false);
  if (!training) return training.error();
  if (functional && *training && x->dim() >= 1) {
    std::int64_t prod = x->sizes[0];
    for (std::int64_t i = 2; i < x->dim(); ++i) prod = satMul(prod, x->sizes[i]);
    if (prod == 1) {
      return opError(call, "Expected more than 1 value per channel when training, got input size " +
                               torchSize(x->sizes));
    }
  }
  auto out = batchNormCore(call, *x, t[2], t[3], t[0], t[1], *training);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// F.group_norm(input, num_groups, weight, bias, eps) / torch.group_norm.
Expected<MetaValue> groupNormOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "num_groups", "weight", "bias", "eps", "cudnn_enabled"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto groups = b->integer("num_groups");
  if (!groups) return groups.error();
  auto w = b->optTensor("weight");
  if (!w) return w.error();
  auto bias = b->optTensor("bias");
  if (!bias) return bias.error();
  if (x->dim() < 2) {
    return opError(call, "Expected at least 2 dimensions for input tensor but received " +
                             std::to_string(x->dim()));
  }
  if (call.op == "torch.nn.functional.group_norm" && *groups != 0) {
    Shape verify = {x->sizes[0] * x->sizes[1] / *groups, *groups};
    verify.insert(verify.end(), x->sizes.begin() + 2, x->sizes.end());
    if (shapeNumel(verify) / verify[1] == 1 && verify[1] != 0) {
      return opError(call, "Expected more than 1 value per channel when training, got input size " +
                               shapeStr(verify));
    }
  }
  const std::int64_t c = x->sizes[1];
  if (*groups <= 0 || c % *groups != 0) {
    return opError(call,
                   "Expected number of channels in input to be divisible by num_groups, but got "
                   "input of shape " +
                       shapeStr(x->sizes) + " and num_groups=" + std::to_string(*groups));
  }
  for (const auto& [name, t] : {std::pair{"weight", *w}, std::pair{"bias", *bias}}) {
    if (t && (t->dim() != 1 || t->numel() != c)) {
      return opError(call, "Expected " + std::string(name) +
                               " to be a vector of size equal to the number of channels in "
                               "input, but got " +
                               name + " of shape " + shapeStr(t->sizes) + " and input of shape " +
                               shapeStr(x->sizes));
    }
  }
  if (!isFloating(x->dtype)) {
    return opError(call, "\"GroupNormKernelImpl\" not implemented for '" +
                             std::string(scalarTypeName(x->dtype)) + "'");
  }
  TensorMeta out = suggestedLike(*x);
  out.requiresGrad =
      outputRequiresGrad(call.ctx, out.dtype, {x->requiresGrad, rgOf(*w), rgOf(*bias)});
  return MetaValue(std::move(out));
}

// F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum,
// eps): batch_norm over a (1, N*C, ...) view, so the output is contiguous.
Expected<MetaValue> instanceNormOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "running_mean", "running_var", "weight", "bias",
                                  "use_input_stats", "momentum", "eps"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  std::optional<TensorMeta> t[4];
  const char* names[] = {"running_mean", "running_var", "weight", "bias"};
  for (int i = 0; i < 4; ++i) {
    auto v = b->optTensor(names[i]);
    if (!v) return v.error();
    t[i] = *v;
  }
  auto useStats = b->boolean("use_input_stats", true);
  if (!useStats) return useStats.error();
  if (x->dim() < 2) {
    return opError(call,
                   "instance_norm of a " + std::to_string(x->dim()) + "-d input is not modelled");
  }
  if (*useStats) {
    std::int64_t prod = 1;
    for (std::int64_t i = 2; i < x->dim(); ++i) prod = satMul(prod, x->sizes[i]);
    if (prod == 1) {
      return opError(call, "Expected more than 1 spatial element when training, got input size " +
                               torchSize(x->sizes));
    }
  }
  // The batch_norm call sees N*C channels; weight/bias/running stats are repeated N times.
  TensorMeta folded = TensorMeta::contiguous(x->dtype, x->sizes, x->device);
  folded.sizes[0] = 1;
  folded.sizes[1] = x->sizes[0] * x->sizes[1];
  auto repeated = [&](const std::optional<TensorMeta>& v) -> std::optional<TensorMeta> {
    if (!v) return v;
    TensorMeta r = *v;
    r.sizes = {v->numel() * x->sizes[0]};
    return r;
  };
  auto out = batchNormCore(call, folded, repeated(t[2]), repeated(t[3]), repeated(t[0]),
                           repeated(t[1]), *useStats);
  if (!out) return out.error();
  TensorMeta result = TensorMeta::contiguous(x->dtype, x->sizes, x->device);
  result.requiresGrad =
      outputRequiresGrad(call.ctx, x->dtype, {x->requiresGrad, rgOf(t[2]), rgOf(t[3])});
  return MetaValue(std::move(result));
}

// linalg_vector_norm: a reduction over `dims` (all when empty) of a float/complex tensor.
Expected<TensorMeta> vectorNorm(const OpCall& call, const TensorMeta& x,
                                const std::optional<Shape>& dims, bool keepdim,
                                std::optional<DType> dtype, const char* who) {
  if (!isFloatingOrComplex(x.dtype)) {
    return opError(call, std::string(who) +
                             ": Expected a floating point or complex tensor as input. Got " +
                             std::string(scalarTypeName(x.dtype)));
  }
  std::vector<bool> mask(x.dim(), !dims || dims->empty());
  if (dims) {
    for (auto d : *dims) {
      auto w = wrapDim(d, x.dim());
      if (!w) return opError(call, w.error().message());
      if (x.dim() > 0) mask[*w] = true;
    }
  }
  Shape shape;
  for (std::int64_t i = 0; i < x.dim(); ++i) {
    if (!mask[i]) {
      shape.push_back(x.sizes[i]);
    } else if (keepdim) {
      shape.push_back(1);
    }
  }
  const DType out = realType(dtype.value_or(x.dtype));
  TensorMeta r = TensorMeta::contiguous(out, std::move(shape), x.device);
  r.requiresGrad = outputRequiresGrad(call.ctx, out, {x.requiresGrad});
  return r;
}

Expected<std::optional<Shape>> optDims(const BoundArgs& b, std::string_view name) {
  if (!b.has(name)) return std::optional<Shape>();
  auto d = b.intList(name);
  if (!d) return d.error();
  return std::optional<Shape>(std::move(d.value()));
}

// torch.linalg.vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None).
Expected<MetaValue> vectorNormOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "ord", "dim", "keepdim", "dtype"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto dims = optDims(*b, "dim");
  if (!dims) return dims.error();
  auto keepdim = b->boolean("keepdim", false);
  if (!keepdim) return keepdim.error();
  auto dtype = b->dtype("dtype");
  if (!dtype) return dtype.error();
  auto out = vectorNorm(call, *x, *dims, *keepdim, *dtype, "linalg.vector_norm");
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// torch.norm(input, p='fro', dim=None, keepdim=False, dtype=None): vector norms (and
// 'fro' over at most two dims, which is the same reduction); 'nuc' is not modelled.
Expected<MetaValue> normOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "p", "dim", "keepdim", "out", "dtype"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto dims = optDims(*b, "dim");
  if (!dims) return dims.error();
  auto keepdim = b->boolean("keepdim", false);
  if (!keepdim) return keepdim.error();
  auto dtype = b->dtype("dtype");
  if (!dtype) return dtype.error();
  if (const MetaArg* p = b->get("p")) {
    if (const auto* s = p->get<std::string>()) {
      if (*s != "fro" && *s != "nuc") return opError(call, "torch.norm: unknown p '" + *s + "'");
      // 'nuc' is a matrix norm over two dims (all dims when dim is None); so is 'fro' over
      // more than two.
      Shape matrixDims;
      if (*dims) {
        matrixDims = **dims;
      } else {
        for (std::int64_t i = 0; i < x->dim(); ++i) matrixDims.push_back(i);
      }
      if ((*s == "nuc" || matrixDims.size() > 2) && matrixDims.size() != 2) {
        std::string got;
        for (auto d : matrixDims) got += " " + std::to_string(d);
        return opError(call, "linalg.matrix_norm: dim must be a 2-tuple. Got" + got);
      }
    } else if (!p->is<double>() && !p->is<std::int64_t>()) {
      return b->typeError("p", "float or str");
    }
  }
  auto out = vectorNorm(call, *x, *dims, *keepdim, *dtype, "linalg.vector_norm");
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

// F.normalize(input, p=2.0, dim=1, eps=1e-12): input / norm(keepdim).clamp_min(eps)
// .expand_as(input), a TensorIterator over the input and the expanded denominator.
Expected<MetaValue> normalizeOp(const OpCall& call) {
  auto b = BoundArgs::bind(call, {"input", "p", "dim", "eps", "out"});
  if (!b) return b.error();
  auto x = b->tensor("input");
  if (!x) return x.error();
  auto dim = b->integer("dim", 1);
  if (!dim) return dim.error();
  auto denom = vectorNorm(call, *x, Shape{*dim}, true, std::nullopt, "linalg.vector_norm");
  if (!denom) return denom.error();
  TensorMeta expanded = *denom;
  for (std::int64_t i = 0; i < x->dim(); ++i) {
    if (expanded.sizes[i] != x->sizes[i]) {
      expanded.sizes[i] = x->sizes[i];
      expanded.strides[i] = 0;
    }
  }
  auto out = pointwiseOutput(call, {{*x, false}, {expanded, false}}, x->dtype);
  if (!out) return out.error();
  return MetaValue(std::move(out.value()));
}

}  // namespace

void registerNormOps(OpRegistry& r) {
  for (const char* n : {"torch.nn.functional.batch_norm", "torch.batch_norm"})
    r.add(n, batchNormOp);
  for (const char* n : {"torch.nn.functional.group_norm", "torch.group_norm"})
    r.add(n, groupNormOp);
  r.add("torch.nn.functional.instance_norm", instanceNormOp);
  r.add("torch.nn.functional.normalize", normalizeOp);
  for (const char* n : {"torch.linalg.vector_norm", "torch._C._linalg.linalg_vector_norm"})
    r.add(n, vectorNormOp);
  for (const char* n : {"torch.norm", "Tensor.norm", "torch.functional.norm"}) r.add(n, normOp);
}

}  // namespace dynrr::fake
