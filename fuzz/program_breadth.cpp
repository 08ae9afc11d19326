// program_breadth.cpp — the numpy and torchvals fuzz families' statements (issue 14, "the
// fuzzer follows"), printed by the Printer of program_printer.h.
//
// numpy: ndarrays made with Tensor.numpy() (and the ndarray argument `xn`) go through numpy
// functions, ndarray operators, comparisons and methods, np.finfo / np.iinfo, np.float32 /
// np.dtype values, and come back with torch.from_numpy / torch.as_tensor. Under Dynamo
// (config.trace_numpy) these are NumpyVariable (the np functions, traced as torch._numpy),
// NumpyNdarrayVariable (ndarray values, methods and attributes), NumpyTypeInfoVariable
// (np.finfo / np.iinfo) and NumpyDTypeVariable (dtypes), in torch/_dynamo/variables/misc.py
// and tensor.py. Results stay tensors: the oracle compares what f returns.
//
// torchvals: torch-level values Dynamo folds to constants or rewrites while tracing:
// torch.device and Tensor.device (TorchInGraphFunctionVariable, ConstantVariable), dtypes
// and their attributes, torch.finfo / iinfo (the TorchInGraphFunctionVariable constant
// folding), torch.promote_types, Tensor attributes (TensorVariable.var_getattr: T, mT, H,
// real, data, is_leaf, ndim, requires_grad), new_* factories and torch.tensor of a list
// (TorchInGraphFunctionVariable's handlers), torch._assert and torch.compiler.is_compiling,
// nn modules made inside f (NNModuleVariable / UnspecializedNNModuleVariable), and the
// argument rewrites of addcdiv / addcmul (value=) and clamp (min= only).
//
// Every pattern runs eagerly and raises nothing under torch.compile(backend="eager") (graph
// breaks are allowed; the oracle counts an exception as a finding); shapes stay in the
// printer's broadcast set, and a tensor read through .numpy() never aliases the result (an
// ndarray mutated in place is a copy's).
#include "fuzz/program_printer.h"

namespace dynrr::fuzz::printer_detail {
namespace {

// The shape of a reduction over axis 0 (numpy reduces a 0-d array without an axis).
Shape dropFirst(const Shape& a) { return a.empty() ? a : Shape(a.begin() + 1, a.end()); }

}  // namespace

void Printer::emitBreadth(const Stmt& s) {
  const TensorVar a = tensor(at(s, 0));
  const TensorVar b = tensor(at(s, 1));
  Subst x;
  x.set("{A}", a.name);
  x.set("{B}", b.name);
  // A tensor that may require grad (a Linear's output) refuses .numpy(): detach it first.
  const char* numpy = has(kFeatModules | kFeatGenerators) ? ".detach().numpy()" : ".numpy()";
  x.set("{NA}", a.name + numpy);
  x.set("{NB}", b.name + numpy);
  x.set("{CA}", a.name + ".detach().clone().numpy()");
  x.set("{I}", intVar(at(s, 0)));
  x.set("{F}", floatVar(at(s, 1)));
  x.set("{d}", std::to_string(a.shape.size()));
  switch (s.kind) {
    case StmtKind::kNpUfunc:
    case StmtKind::kNpBinary:
    case StmtKind::kNpReduce: emitNumpyMath(s, x); break;
    case StmtKind::kNpShape:
    case StmtKind::kNpValues:
    case StmtKind::kNpInput: emitNumpyShapes(s, x); break;
    case StmtKind::kNpMore: emitNumpyMore(s, x); break;
    case StmtKind::kTvDevice:
    case StmtKind::kTvDtype:
    case StmtKind::kTvAttrs: emitTorchValues(s, x); break;
    default: emitTorchCalls(s, x);
  }
}

// numpy functions on ndarrays: unary ufuncs, binary ones and operators, reductions.
void Printer::emitNumpyMath(const Stmt& s, Subst& x) {
  const TensorVar a = tensor(at(s, 0));
  const TensorVar b = tensor(at(s, 1));
  const Shape ab = broadcast(a.shape, b.shape);
  const int k = at(s, 2);
  const bool rank0 = a.shape.empty();
  switch (s.kind) {
    case StmtKind::kNpUfunc: {
      static const char* kOps[] = {
          "na = {NA}\n{t} = {to}(np.sin(na) + np.cos(na))",
          "na = {NA}\n{t} = {to}(np.exp(na) * np.tanh(na))",
          "na = {NA}\n{t} = {to}(np.sqrt(np.abs(na)) - np.abs(na))",
          "na = {NA}\n{t} = {to}(np.clip(na, -0.5, 0.5) + np.square(na))",
          "na = {NA}\n{t} = {to}(-na * 2 + na ** 2)",
          "na = {NA}\n{t} = {to}(np.log1p(np.abs(na)) + np.exp2(na))",
          "{t} = {to}(np.maximum({NA}, 0.0) * np.pi + np.e)",
          "na = {NA}\n{t} = {to}(na.copy() / (np.abs(na) + 1))",
      };
      // np.clip of a 0-d float32 array with Python float bounds is float32 in numpy but
      // float64 under Dynamo (torch._numpy): a correctness divergence of Dynamo's own,
      // so 0-d arrays are clipped with maximum / minimum instead.
      if (rank0 && k % 8 == 3)
        outTensor(x, a.shape,
                  "na = {NA}\n{t} = {to}(np.minimum(np.maximum(na, -0.5), 0.5) + np.square(na))");
      else
        outTensor(x, a.shape, kOps[k % 8]);
      break;
    }
    case StmtKind::kNpBinary: {
      static const char* kOps[] = {
          "na, nb = {NA}, {NB}\n{t} = {to}(np.add(na, nb) * np.subtract(na, nb))",
          "{t} = {to}(np.maximum({NA}, {NB}) + np.minimum({NA}, {NB}))",
          "na, nb = {NA}, {NB}\n{t} = {to}(np.where(na > nb, na, nb))",
          "na, nb = {NA}, {NB}\n{t} = {to}((na + nb) * (na - nb) / (np.abs(nb) + 1))",
          "na, nb = {NA}, {NB}\n{t} = {to}(((na > nb) == (na < 0.5)).astype(np.float32))",
          "na, nb = {NA}, {NB}\n{t} = {to}(np.multiply(na, nb) + (na >= nb).astype(np.float32))",
          "na, nb = {NA}, {NB}\n{t} = {to}(np.where(na < nb, 1.0, 0.0).astype(np.float32) + nb)",
          // float32 + int32 is float64 in numpy (and in torch._numpy): converted back.
          "na, nb = {NA}, {NB}\n{t} = {to}((na + na.astype(np.int32)) * nb).float()",
      };
      outTensor(x, ab, kOps[k % 8]);
      break;
    }
    default:  // kNpReduce
      switch (k % 9) {
        case 0:
          outTensor(x, dropFirst(a.shape),
                    rank0 ? "{t} = torch.as_tensor(np.sum({NA}))"
                          : "{t} = torch.as_tensor(np.sum({NA}, axis=0))");
          break;
        case 1: {
          Shape kept = a.shape;
          if (!kept.empty()) kept.back() = 1;
          outTensor(x, kept,
                    rank0 ? "{t} = torch.as_tensor(np.mean({NA}))"
                          : "{t} = torch.as_tensor(np.mean({NA}, axis=-1, keepdims=True))");
          break;
        }
        case 2: outTensor(x, {}, "{t} = torch.as_tensor(np.amax({NA}))"); break;
        case 3:
          outTensor(x, dropFirst(a.shape),
                    rank0
                        ? "na = {NA}\n{t} = torch.as_tensor(na.sum()) + torch.as_tensor(na.mean())"
                        : "na = {NA}\n{t} = torch.as_tensor(na.sum(axis=0)) + "
                          "torch.as_tensor(na.mean())");
          break;
        case 4: outTensor(x, {}, "na = {NA}\n{t} = torch.as_tensor(na.max() - na.min())"); break;
        case 5: outTensor(x, {}, "{t} = torch.as_tensor(np.linalg.norm({NA}))"); break;
        case 6:
          if (rank0)
            outTensor(x, {1}, "{t} = torch.from_numpy(np.cumsum({NA}))");
          else
            outTensor(x, a.shape, "{t} = torch.from_numpy(np.cumsum({NA}, axis=0))");
          break;
        case 7:
          outTensor(x, a.shape,
                    rank0 ? "na = {NA}\n{t} = torch.as_tensor(np.mean(na) - na)"
                          : "na = {NA}\n{t} = torch.from_numpy(np.mean(na, axis=0, "
                            "keepdims=True) - na)");
          break;
        default:
          outTensor(x, dropFirst(a.shape),
                    rank0 ? "{t} = torch.as_tensor(np.amax({NA}))"
                          : "{t} = torch.as_tensor(np.amax({NA}, axis=0))");
      }
  }
}

// Shapes (reshape, transpose, matmul, concatenate), numpy values (constants, finfo/iinfo,
// dtypes, promotion through astype) and the ndarray argument xn (3, 4).
void Printer::emitNumpyShapes(const Stmt& s, Subst& x) {
  const TensorVar a = tensor(at(s, 0));
  const int k = at(s, 2);
  const size_t rank = a.shape.size();
  switch (s.kind) {
    case StmtKind::kNpShape:
      switch (k % 7) {
        case 0:
          outTensor(x, a.shape,
                    a.shape == Shape{3, 4}
                        ? "na = {NA}\n{t} = torch.from_numpy(na.reshape(4, 3).T.copy())"
                        : "na = {NA}\n{t} = {to}(np.transpose(na).T.copy())");
          break;
        case 1: outTensor(x, a.shape, "{t} = {to}(np.transpose({NA}).T * 1)"); break;
        case 2:
          if (rank == 2)
            outTensor(x, a.shape, "na = {NA}\n{t} = torch.from_numpy(np.matmul(na, na.T) @ na)");
          else if (rank == 1)
            outTensor(x, {}, "na = {NA}\n{t} = torch.as_tensor(na @ na)");
          else
            outTensor(x, {}, "na = {NA}\n{t} = torch.as_tensor(np.dot(na.ravel(), na.ravel()))");
          break;
        case 3:
          outTensor(x, a.shape,
                    rank == 0 ? "na = {NA}\n{t} = torch.as_tensor(np.stack([na, na]).sum(0))"
                              : "na = {NA}\n{t} = torch.from_numpy(np.concatenate([na, na], "
                                "axis=0)[:len(na)] + np.stack([na, na]).sum(0))");
          break;
        case 4:
          if (rank == 2) {
            Shape col = {a.shape[0], 1};
            outTensor(x, col, "na = {NA}\n{t} = torch.from_numpy(np.dot(na, na[0])[:, None])");
          } else if (rank == 1) {
            outTensor(x, a.shape, "na = {NA}\n{t} = torch.from_numpy(np.outer(na, na).sum(0))");
          } else {
            outTensor(x, {1}, "na = {NA}\n{t} = torch.from_numpy(np.expand_dims(na, 0) * 1)");
          }
          break;
        case 5:
          if (rank == 0)
            outTensor(x, {1}, "na = {NA}\n{t} = torch.from_numpy(np.expand_dims(na, 0) - na)");
          else
            outTensor(x, a.shape,
                      "na = {NA}\n{t} = torch.from_numpy(np.expand_dims(na.sum(0), 0) - na)");
          break;
        default:
          outTensor(x, a.shape,
                    rank == 0 ? "na = {NA}\n{t} = torch.as_tensor(np.ones_like(na) + na)"
                              : "na = {NA}\n{t} = torch.from_numpy(np.flip(na, 0) + "
                                "np.ones_like(na))");
      }
      break;
    case StmtKind::kNpValues:
      switch (k % 10) {
        case 0:
          outInt(
              x,
              "na = {NA}\n{i} = (int(na.dtype == np.float32) + na.dtype.itemsize + na.ndim) % 7");
          break;
        case 1: outTensor(x, a.shape, "{t} = {A} * np.pi + np.e"); break;
        case 2:
          outTensor(x, a.shape,
                    "{t} = {to}({NA} + np.finfo(np.float32).eps) * (np.iinfo(np.int32).max % 7)");
          break;
        case 3:
          outInt(x,
                 "{i} = (np.iinfo(np.int8).max + int(np.float32({I}) * 2) + "
                 "np.finfo(np.float32).bits) % 7");
          break;
        case 4:
          outFloat(x, "{f} = float(np.float32({F}) * 2) + float(np.finfo(np.float32).eps)");
          break;
        case 5:
          outTensor(x, a.shape, "na = {NA}\n{t} = {to}(na.astype(np.float64) * 2 + 1).float()");
          break;
        case 6:
          outTensor(x, a.shape, "na = {NA}\n{t} = {to}(na.astype(np.int64) % 3 + na).float()");
          break;
        case 7:
          outTensor(x, a.shape, "{t} = {to}(np.float32({I}) * {NA} + np.float64({F})).float()");
          break;
        case 8:
          outTensor(x, a.shape,
                    rank == 0 ? "na = {NA}\n{t} = {A} * na.ndim + na.size"
                              : "na = {NA}\n{t} = {A} * na.shape[0] + na.ndim + na.size");
          break;
        default:
          outInt(
              x,
              "{i} = (np.dtype(np.float32).itemsize + int(np.dtype('float64') == np.float64)) % 7");
      }
      break;
    default: {  // kNpInput: xn is a (3, 4) float32 ndarray
      // With the dynamic family the pool's leading size varies: only the int form.
      const int variant = has(kFeatDynamic) ? 6 : k % 8;
      switch (variant) {
        case 0:
          outTensor(x, broadcast({3, 4}, a.shape), "{t} = torch.from_numpy(np.sin(xn) + {NA})");
          break;
        case 1:
          outTensor(x, broadcast({4}, a.shape), "{t} = torch.from_numpy(np.sum(xn, axis=0)) + {A}");
          break;
        case 2:
          outTensor(x, broadcast({3, 1}, a.shape),
                    "{t} = {A} + torch.as_tensor(xn.mean(axis=-1, keepdims=True))");
          break;
        case 3:
          outTensor(x, broadcast({3, 4}, a.shape),
                    "{t} = torch.from_numpy(xn * 2 - xn.max()) * {A}");
          break;
        case 4: outTensor(x, a.shape, "{t} = torch.as_tensor(np.dot(xn[0], xn[1])) + {A}"); break;
        case 5:
          outTensor(x, broadcast({3, 4}, a.shape),
                    "{t} = torch.from_numpy(np.clip(xn, -1, 1).T.copy()).T + {A}");
          break;
        case 6: outInt(x, "{i} = (xn.shape[0] + xn.ndim + int(xn.dtype == np.float32)) % 7"); break;
        default:
          outTensor(x, broadcast({3, 1}, a.shape),
                    "{t} = torch.as_tensor(xn[:, 0:1] * np.float32({F})) + {A}");
      }
    }
  }
}

// ndarrays live across graph breaks (float(), tolist(), np.pad break), in-place ndarray
// ops on a copy, arrays made by numpy, indexing, einsum, sort / var, any / all, rounding,
// numpy scalar types and dtype queries.
void Printer::emitNumpyMore(const Stmt& s, Subst& x) {
  const TensorVar a = tensor(at(s, 0));
  const int k = at(s, 2);
  const size_t rank = a.shape.size();
  int variant = k % 16;
  // The graph-breaking forms are left out with the dynamic family (as the breaks family
  // is under mark_dynamic: the resume function receives the tensors unmarked).
  if (has(kFeatDynamic) && (variant == 0 || variant == 1 || variant == 14)) variant = 12;
  switch (variant) {
    case 0: outTensor(x, a.shape, "na = {NA}\n{t} = {A} * float(na.sum())"); break;
    case 1:
      outTensor(x, a.shape,
                rank == 0 ? "na = {NA}\n{t} = {A} + na.tolist()"
                          : "na = {NA}\n{t} = {A} + len(na.tolist())");
      break;
    case 2: outTensor(x, a.shape, "na = {CA}\nna += 1\nna *= 2\n{t} = {to}(na)"); break;
    case 3:
      outTensor(x, broadcast({4}, a.shape),
                "{t} = torch.from_numpy(np.array([1.0, 2.0, 3.0, 4.0], dtype=np.float32)) + {A}");
      break;
    case 4:
      outTensor(x, broadcast({4}, a.shape),
                "{t} = torch.from_numpy(np.zeros(4, dtype=np.float32) + np.arange(4, "
                "dtype=np.float32) + np.linspace(0, 1, 4).astype(np.float32)) + {A}");
      break;
    case 5:
      outTensor(x, a.shape,
                rank == 2   ? "na = {NA}\n{t} = torch.from_numpy(na[0] + na[:, 0:1])"
                : rank == 1 ? "na = {NA}\n{t} = torch.from_numpy(na[::-1] + na[0])"
                            : "na = {NA}\n{t} = torch.as_tensor(na[()] * 2) + "
                              "torch.as_tensor(na[...] * 2)");
      break;
    case 6:
      outTensor(x, a.shape, "{t} = torch.as_tensor(np.sum({NA}, dtype=np.float64)).float() + {A}");
      break;
    case 7: outTensor(x, a.shape, "na = {NA}\n{t} = {A} * int(isinstance(na, np.ndarray))"); break;
    case 8:
      if (rank == 2)
        outTensor(x, {a.shape[0], 1},
                  "na = {NA}\n{t} = torch.from_numpy(np.einsum('ij,j->i', na, na[0])[:, None])");
      else if (rank == 1)
        outTensor(x, {}, "na = {NA}\n{t} = torch.as_tensor(np.einsum('i,i->', na, na))");
      else
        outTensor(x, {}, "na = {NA}\n{t} = torch.as_tensor(np.multiply(na, na))");
      break;
    case 9:
      outTensor(x, a.shape,
                rank == 0 ? "na = {NA}\n{t} = torch.as_tensor(np.var(na) + na)"
                          : "na = {NA}\n{t} = torch.from_numpy(np.sort(na, axis=0) + "
                            "np.var(na, axis=0))");
      break;
    case 10:
      outTensor(x, a.shape, "na = {NA}\n{t} = {to}(np.round(na, 2) + np.floor(na) + np.ceil(na))");
      break;
    case 11:
      outTensor(x, dropFirst(a.shape),
                rank == 0 ? "na = {NA}\n{t} = torch.as_tensor((na > 0).astype(np.float32))"
                          : "na = {NA}\n{t} = torch.as_tensor(np.any(na > 0, axis=0)"
                            ".astype(np.float32) + np.all(na > -5, axis=0))");
      break;
    case 12: outTensor(x, a.shape, "{t} = {A} * np.float32(2) * np.int64(3)"); break;
    case 13:
      outTensor(x, a.shape, "na = {NA}\n{t} = {to}(na.clip(-1, 1) + na.round() + abs(na))");
      break;
    case 14:
      if (rank == 2)
        outTensor(x, a.shape,
                  "na = {NA}\n{t} = torch.from_numpy(np.pad(na, ((0, 0), (1, 0)))[:, :-1] + na)");
      else if (rank == 1)
        outTensor(x, a.shape,
                  "na = {NA}\n{t} = torch.from_numpy(np.pad(na, (1, 0))[:len(na)] + na)");
      else
        outTensor(x, a.shape, "na = {NA}\n{t} = {A} * float(na)");
      break;
    default:
      outInt(x,
             "na = {NA}\n{i} = (int(na.dtype.kind == 'f') + int(np.issubdtype(na.dtype, "
             "np.floating)) + na.ndim) % 7");
  }
}

// Devices, dtypes (attributes, finfo / iinfo, promote_types) and Tensor attributes.
void Printer::emitTorchValues(const Stmt& s, Subst& x) {
  const TensorVar a = tensor(at(s, 0));
  const TensorVar b = tensor(at(s, 1));
  const Shape ab = broadcast(a.shape, b.shape);
  const int k = at(s, 2);
  const size_t rank = a.shape.size();
  switch (s.kind) {
    case StmtKind::kTvDevice:
      switch (k % 8) {
        case 0:
          outTensor(x, a.shape, "{t} = torch.zeros({A}.shape, device={A}.device) + {A}");
          break;
        case 1:
          outTensor(x, a.shape, "{t} = {A} + (1.0 if {A}.device == torch.device('cpu') else 2.0)");
          break;
        case 2:
          outTensor(x, a.shape,
                    "{t} = torch.ones_like({A}, device=torch.device('cpu'), dtype={A}.dtype) * 2 - "
                    "{A}");
          break;
        case 3:
          outTensor(x, ab,
                    "{t} = torch.full({B}.shape, 2, dtype={A}.dtype, device={A}.device) * {A}");
          break;
        case 4: outTensor(x, ab, "{t} = {A}.to({B}.device) + {B}.to({A}.dtype)"); break;
        case 5:
          outTensor(x, a.shape,
                    "{t} = {A} + ({A}.device.type == 'cpu') + ({A}.device.index is None)");
          break;
        case 6:
          outTensor(x, a.shape,
                    "{t} = {A}.to(device='cpu', dtype=torch.float64).float() + {A}.cpu()");
          break;
        default:
          outInt(x,
                 "{i} = (int({A}.device == {B}.device) + int({A}.is_cpu) + len(str({A}.device))) "
                 "% 7");
      }
      break;
    case StmtKind::kTvDtype:
      switch (k % 8) {
        case 0:
          outTensor(x, a.shape,
                    "{t} = {A} * ({A}.dtype.is_floating_point + {A}.dtype.itemsize + "
                    "int(torch.float32 == {A}.dtype))");
          break;
        case 1:
          outTensor(x, a.shape,
                    "{t} = {A} * torch.finfo({A}.dtype).eps + torch.finfo(torch.float32).tiny + "
                    "torch.iinfo(torch.int32).bits");
          break;
        case 2:
          outTensor(x, a.shape,
                    "{t} = {A}.to(torch.promote_types({A}.dtype, torch.int64)) + "
                    "(torch.get_default_dtype() == torch.float32)");
          break;
        case 3:
          outInt(x, "{i} = (torch.finfo(torch.float16).bits + torch.iinfo(torch.int8).max) % 7");
          break;
        case 4:
          outTensor(x, a.shape,
                    "{t} = {A} + torch.finfo(torch.bfloat16).eps + torch.finfo().max / 1e38");
          break;
        case 5:
          outTensor(x, a.shape, "{t} = {A}.to(torch.promote_types(torch.float16, {B}.dtype))");
          break;
        case 6:
          outFloat(
              x, "{f} = torch.finfo({A}.dtype).max / 1e38 + torch.finfo(torch.float64).resolution");
          break;
        default:
          outTensor(x, a.shape,
                    "{t} = ({A}.double() * 2).to({A}.dtype) + {A}.is_floating_point() + "
                    "{A}.is_complex()");
      }
      break;
    default:  // kTvAttrs
      switch (k % 7) {
        case 0:
          outTensor(x, a.shape,
                    rank == 2 ? "{t} = {A}.T.T + {A}.mT.mT + {A}.H.H + {A}.real"
                              : "{t} = {A}.real + {A}.data");
          break;
        case 1:
          outTensor(x, a.shape,
                    "{t} = {A} * ({A}.is_leaf + {A}.ndim + {A}.requires_grad + "
                    "{A}.is_contiguous())");
          break;
        case 2:
          outInt(x,
                 "{i} = ({A}.ndim + {A}.numel() + {A}.element_size() + int({A}.is_contiguous())) % "
                 "7");
          break;
        case 3:
          if (rank == 2)
            outTensor(x, {a.shape[1]}, "{t} = ({A}.T @ {A}).sum(0)");
          else if (rank == 1)
            outTensor(x, {}, "{t} = {A} @ {A}");
          else
            outTensor(x, {}, "{t} = {A} * {A}");
          break;
        case 4: outTensor(x, a.shape, "{t} = {A}.detach() + {A}.data * 2"); break;
        case 5:
          outTensor(x, a.shape,
                    rank >= 2 ? "{t} = {A}.mT.contiguous().mT * 1" : "{t} = {A}.clone() * 1");
          break;
        default: outTensor(x, a.shape, "{t} = ({A} * 2).requires_grad_(False) + {A}.detach()");
      }
  }
}

// Factories (new_*, torch.tensor of a list), nn modules made in f, and the calls whose
// arguments Dynamo rewrites.
void Printer::emitTorchCalls(const Stmt& s, Subst& x) {
  const TensorVar a = tensor(at(s, 0));
  const TensorVar b = tensor(at(s, 1));
  const Shape ab = broadcast(a.shape, b.shape);
  const Shape a4 = broadcast({4}, a.shape);
  const int k = at(s, 2);
  switch (s.kind) {
    case StmtKind::kTvFactory:
      switch (k % 9) {
        case 0:
          outTensor(x, a.shape, "{t} = {A}.new_zeros({A}.shape) + {A}.new_ones({A}.shape) * 2");
          break;
        case 1: outTensor(x, ab, "{t} = {A}.new_full({B}.shape, 2.5) + {A}"); break;
        case 2: outTensor(x, a.shape, "{t} = {A}.new_empty({A}.shape).fill_(1.0) + {A}"); break;
        case 3: outTensor(x, a4, "{t} = {A}.new_tensor([1.0, 2.0, 3.0, 4.0]) * {A}"); break;
        case 4: outTensor(x, a4, "{t} = torch.tensor([1.5, -0.5, {F}, 2.0]) + {A}"); break;
        case 5:
          outTensor(x, a.shape, "{t} = torch.tensor([{A}.sum(), {B}.mean()]).sum() + {A}");
          break;
        case 6: outTensor(x, a.shape, "{t} = torch.tensor(3.5) * {A} + torch.tensor({I})"); break;
        case 7:
          outTensor(x, a.shape,
                    "{t} = {A}.new_tensor({I}) + {A}.new_tensor({F}) + torch.scalar_tensor({F}) + "
                    "{A}");
          break;
        default:
          outTensor(x, a4,
                    "{t} = torch.as_tensor([1.0, 2.0, 3.0, 4.0], dtype={A}.dtype) + "
                    "torch.as_tensor({A})");
      }
      break;
    case StmtKind::kTvModule:
      switch (k % 6) {
        case 0: outTensor(x, ab, "{t} = torch.nn.ReLU()({A}) + torch.nn.Identity()({B})"); break;
        case 1: outTensor(x, a.shape, "{t} = torch.nn.Softmax(dim=-1)({A})"); break;
        case 2:
          outTensor(x, a.shape, "{t} = torch.nn.Tanh()({A}) + torch.nn.Dropout(p=0.0)({A})");
          break;
        case 3:
          if (a.shape.empty()) {
            outTensor(x, a.shape, "{t} = torch.nn.Sigmoid()({A})");
          } else {
            x.set("{last}", std::to_string(a.shape.back()));
            outTensor(x, a.shape,
                      "{t} = torch.nn.LayerNorm({last}, elementwise_affine=False)({A})");
          }
          break;
        case 4:
          outTensor(x, a.shape, "{t} = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Tanh())({A})");
          break;
        default:
          outTensor(x, a.shape,
                    "{t} = torch.nn.GELU(approximate='tanh')({A}) + torch.nn.Hardtanh(-0.5, "
                    "0.5)({A})");
      }
      break;
    default:  // kTvRewrite
      switch (k % 8) {
        case 0: outTensor(x, ab, "{t} = torch.addcdiv({A}, {B}, {B}.abs() + 1, value=0.5)"); break;
        case 1: outTensor(x, ab, "{t} = torch.addcmul({A}, {A}, {B}, value=2)"); break;
        case 2:
          outTensor(x, a.shape, "{t} = torch.clamp({A}, min=0.1) + {A}.clamp(max=0.2)");
          break;
        case 3:
          outTensor(x, a.shape, "{t} = F.softmax({A}, dim=-1) + F.log_softmax({A}, -1)");
          break;
        case 4:
          outTensor(x, a.shape, "torch._assert({A}.dim() == {d}, 'dims')\n{t} = {A} + 1");
          break;
        case 5:
          outTensor(x, a.shape,
                    "{t} = {A} * (2.0 if torch.compiler.is_compiling() else 2.0) + "
                    "torch.compiler.is_dynamo_compiling() * 0");
          break;
        case 6:
          outTensor(x, a.shape, "{t} = torch.clamp_min({A}, -0.5) + torch.clip({A}, min=-1.0)");
          break;
        default: outTensor(x, ab, "{t} = torch.sub({A}, {B}, alpha=2) + torch.rsub({A}, 1.0)");
      }
  }
}

}  // namespace dynrr::fuzz::printer_detail
