// numpy_functions.cpp — see numpy_functions.h (NumpyVariable.call_function with
// NumpyNdarrayVariable.patch_args, numpy_to_tensor_wrapper, and the torch._numpy
// functions it runs: torch/_numpy/_ufuncs.py, _reductions_impl.py, _funcs_impl.py).
#include "core/vt/numpy_functions.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>

#include "core/fake/dtype.h"
#include "core/fake/op_registry.h"
#include "core/tracer/instruction_translator.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"
#include "core/vt/numpy_ndarray.h"

namespace dynrr::vt {
namespace {

using tracer::GraphArg;

// How a torch._numpy function's example value is made, and by which torch op.
enum class Form {
  kUnary,       // ufunc of one array: the op, same dtype
  kBinary,      // ufunc of two operands (arrays or weak scalars)
  kCompare,     // binary ufunc giving bool
  kReduce,      // (a, axis=None, keepdims=False): the op over dim, all dims without one
  kArgReduce,   // argmax / argmin (a, axis=None): int64
  kWhere,       // where(cond, x, y)
  kClip,        // clip(a, min, max)
  kMatmul,      // matmul / dot of two arrays
  kJoin,        // concatenate / stack (seq, axis=0)
  kTranspose,   // transpose(a): the dims reversed
  kReshape,     // reshape(a, shape)
  kLike,        // zeros_like / ones_like (a)
  kScalarType,  // a numpy scalar type called on a Python number: a 0-d array of that dtype
};

struct TnpFunction {
  const char* name;  // torch._numpy's __name__
  Form form;
  const char* op;  // the torch op whose meta function gives the example value
};

constexpr TnpFunction kFunctions[] = {
    {"sin", Form::kUnary, "torch.sin"},
    {"cos", Form::kUnary, "torch.cos"},
    {"tan", Form::kUnary, "torch.tan"},
    {"arcsin", Form::kUnary, "torch.asin"},
    {"arccos", Form::kUnary, "torch.acos"},
    {"arctan", Form::kUnary, "torch.atan"},
    {"sinh", Form::kUnary, "torch.sinh"},
    {"cosh", Form::kUnary, "torch.cosh"},
    {"tanh", Form::kUnary, "torch.tanh"},
    {"exp", Form::kUnary, "torch.exp"},
    {"exp2", Form::kUnary, "torch.exp2"},
    {"expm1", Form::kUnary, "torch.expm1"},
    {"log", Form::kUnary, "torch.log"},
    {"log2", Form::kUnary, "torch.log2"},
    {"log10", Form::kUnary, "torch.log10"},
    {"log1p", Form::kUnary, "torch.log1p"},
    {"sqrt", Form::kUnary, "torch.sqrt"},
    {"square", Form::kUnary, "torch.square"},
    {"absolute", Form::kUnary, "torch.abs"},
    {"negative", Form::kUnary, "torch.neg"},
    {"floor", Form::kUnary, "torch.floor"},
    {"ceil", Form::kUnary, "torch.ceil"},
    {"trunc", Form::kUnary, "torch.trunc"},
    {"sign", Form::kUnary, "torch.sign"},
    {"reciprocal", Form::kUnary, "torch.reciprocal"},
    {"add", Form::kBinary, "torch.add"},
    {"subtract", Form::kBinary, "torch.sub"},
    {"multiply", Form::kBinary, "torch.mul"},
    {"true_divide", Form::kBinary, "torch.div"},
    {"maximum", Form::kBinary, "torch.maximum"},
    {"minimum", Form::kBinary, "torch.minimum"},
    {"pow", Form::kBinary, "torch.pow"},
    {"arctan2", Form::kBinary, "torch.atan2"},
    {"hypot", Form::kBinary, "torch.hypot"},
    {"greater", Form::kCompare, "torch.gt"},
    {"less", Form::kCompare, "torch.lt"},
    {"eq", Form::kCompare, "torch.eq"},
    {"not_equal", Form::kCompare, "torch.ne"},
    {"greater_equal", Form::kCompare, "torch.ge"},
    {"less_equal", Form::kCompare, "torch.le"},
    {"sum", Form::kReduce, "torch.sum"},
    {"mean", Form::kReduce, "torch.mean"},
    {"prod", Form::kReduce, "torch.prod"},
    {"std", Form::kReduce, "torch.std"},
    {"var", Form::kReduce, "torch.var"},
    {"amax", Form::kReduce, "torch.amax"},
    {"amin", Form::kReduce, "torch.amin"},
    {"max", Form::kReduce, "torch.amax"},
    {"min", Form::kReduce, "torch.amin"},
    {"argmax", Form::kArgReduce, "torch.argmax"},
    {"argmin", Form::kArgReduce, "torch.argmin"},
    {"where", Form::kWhere, "torch.where"},
    {"clip", Form::kClip, "torch.clamp"},
    {"matmul", Form::kMatmul, "torch.matmul"},
    {"dot", Form::kMatmul, "torch.matmul"},
    {"concatenate", Form::kJoin, "torch.cat"},
    {"stack", Form::kJoin, "torch.stack"},
    {"transpose", Form::kTranspose, "Tensor.permute"},
    {"reshape", Form::kReshape, "Tensor.reshape"},
    {"zeros_like", Form::kLike, "torch.zeros_like"},
    {"ones_like", Form::kLike, "torch.ones_like"},
    {"float16", Form::kScalarType, "torch.float16"},
    {"float32", Form::kScalarType, "torch.float32"},
    {"float64", Form::kScalarType, "torch.float64"},
    {"int8", Form::kScalarType, "torch.int8"},
    {"int16", Form::kScalarType, "torch.int16"},
    {"int32", Form::kScalarType, "torch.int32"},
    {"int64", Form::kScalarType, "torch.int64"},
    {"uint8", Form::kScalarType, "torch.uint8"},
    {"bool_", Form::kScalarType, "torch.bool"},
};

const TnpFunction* findFunction(const std::string& name) {
  for (const auto& f : kFunctions)
    if (name == f.name) return &f;
  return nullptr;
}

// An array operand: an ndarray, or a tensor (torch._numpy's normalizer takes both).
const TensorVariable* asArray(const VtPtr& v) {
  return v->kind() == VtKind::kNdarray || v->kind() == VtKind::kTensor
             ? static_cast<const TensorVariable*>(v.get())
             : nullptr;
}

bool floatArray(const TensorVariable* a) {
  return a &&
         (a->meta().dtype == fake::DType::kFloat32 || a->meta().dtype == fake::DType::kFloat64);
}

// One call's operands as the graph and the meta function take them.
struct Operands {
  std::vector<GraphArg> graph;
  std::vector<fake::MetaArg> meta;
};

// Adds `v` (an array, an int / float constant, a tuple / list of ints, or a list / tuple
// of arrays) to both lists; false for anything else.
bool addOperand(const VtPtr& v, GraphArg& g, fake::MetaArg& m) {
  if (const TensorVariable* a = asArray(v)) {
    g = GraphArg::ofNode(a->node());
    m = fake::MetaArg(a->meta());
    return true;
  }
  if (const ConstantVariable* c = asConstant(v)) {
    if (std::holds_alternative<int64_t>(c->value())) {
      m = fake::MetaArg(std::get<int64_t>(c->value()));
    } else if (std::holds_alternative<double>(c->value())) {
      m = fake::MetaArg(std::get<double>(c->value()));
    } else if (std::holds_alternative<bool>(c->value())) {
      m = fake::MetaArg(std::get<bool>(c->value()));
    } else {
      return false;
    }
    g = GraphArg::ofConstant(c->value());
    return true;
  }
  const SequenceVariable* seq = asSequence(v);
  if (!seq || v->kind() == VtKind::kSize) return false;
  g = GraphArg();
  g.kind = seq->isList() ? GraphArg::Kind::kList : GraphArg::Kind::kTuple;
  std::vector<fake::MetaArg> items;
  for (const auto& item : seq->items()) {
    GraphArg gi;
    fake::MetaArg mi;
    if (asSequence(item) || !addOperand(item, gi, mi)) return false;
    g.items.push_back(std::move(gi));
    items.push_back(std::move(mi));
  }
  m = fake::MetaArg::list(std::move(items));
  return true;
}

// The operand checks of each form, before the meta function runs: what is refused names
// the numpy semantics the core does not model.
std::optional<std::string> refusal(const TnpFunction& f, const Args& args, const Kwargs& kwargs) {
  const std::string fn = "numpy." + std::string(f.name);
  auto arrays = [&](size_t n) {
    std::vector<const TensorVariable*> out;
    for (size_t i = 0; i < std::min(n, args.size()); ++i)
      if (const TensorVariable* a = asArray(args[i])) out.push_back(a);
    return out;
  };
  for (const auto& [k, v] : kwargs) {
    static const char* kKnown[] = {"axis", "keepdims", "min", "max"};
    bool known = false;
    for (const char* n : kKnown) known = known || k == n;
    if (!known) return fn + " with the keyword argument " + k + "= (dtype / out / casting)";
  }
  switch (f.form) {
    case Form::kUnary:
    case Form::kLike:
    case Form::kTranspose:
      if (args.size() != 1 || !kwargs.empty()) return fn + " with these arguments";
      if (!floatArray(asArray(args[0])))
        return fn +
               " of an operand that is not a float32 / float64 array (numpy's integer "
               "and bool promotion)";
      return std::nullopt;
    case Form::kBinary:
    case Form::kCompare: {
      if (args.size() != 2 || !kwargs.empty()) return fn + " with these arguments";
      auto arr = arrays(2);
      if (arr.empty()) return fn + " of two scalars";
      for (const auto& a : args) {
        const TensorVariable* t = asArray(a);
        const ConstantVariable* c = asConstant(a);
        bool weak = c && (std::holds_alternative<int64_t>(c->value()) ||
                          std::holds_alternative<double>(c->value()));
        if (!(t ? floatArray(t) : weak))
          return fn +
                 " of an operand that is not a float array or an int / float scalar "
                 "(numpy's promotion)";
      }
      // Arrays of two dtypes: promoteFloatArrays casts to the wider one.
      return std::nullopt;
    }
    case Form::kReduce:
    case Form::kArgReduce:
      if (args.empty() || args.size() > 2 || !floatArray(asArray(args[0])))
        return fn + " of an operand that is not a float32 / float64 array";
      return std::nullopt;
    case Form::kWhere: {
      if (args.size() != 3 || !kwargs.empty()) return fn + " with these arguments";
      const TensorVariable* cond = asArray(args[0]);
      if (!cond || cond->meta().dtype != fake::DType::kBool)
        return fn + " with a condition that is not a bool array";
      for (size_t i = 1; i < 3; ++i) {
        const TensorVariable* t = asArray(args[i]);
        const ConstantVariable* c = asConstant(args[i]);
        if (t ? !floatArray(t) : !(c && std::holds_alternative<double>(c->value())))
          return fn + " of values that are not float arrays or float scalars";
      }
      auto arr = arrays(3);
      if (arr.size() == 3 && arr[1]->meta().dtype != arr[2]->meta().dtype)
        return fn + " of arrays of two dtypes";
      if (arr.size() == 1) return fn + " of two scalars (numpy's default float64)";
      return std::nullopt;
    }
    case Form::kClip:
      if (args.empty() || !floatArray(asArray(args[0])))
        return fn + " of an operand that is not a float32 / float64 array";
      for (size_t i = 1; i < args.size(); ++i)
        if (asArray(args[i])) return fn + " with array bounds";
      return std::nullopt;
    case Form::kMatmul: {
      if (args.size() != 2 || !kwargs.empty()) return fn + " with these arguments";
      auto arr = arrays(2);
      if (arr.size() != 2 || !floatArray(arr[0]) || arr[0]->meta().dtype != arr[1]->meta().dtype)
        return fn + " of operands that are not two float arrays of one dtype";
      if (f.form == Form::kMatmul && std::strcmp(f.name, "dot") == 0 &&
          (arr[0]->meta().dim() > 2 || arr[1]->meta().dim() > 2))
        return fn + " of arrays of more than 2 dims (numpy.dot is not matmul there)";
      return std::nullopt;
    }
    case Form::kJoin: {
      if (args.empty() || args.size() > 2) return fn + " with these arguments";
      const SequenceVariable* seq = asSequence(args[0]);
      if (!seq || seq->items().empty()) return fn + " of something that is not a list of arrays";
      std::optional<fake::DType> dtype;
      for (const auto& item : seq->items()) {
        const TensorVariable* t = asArray(item);
        if (!floatArray(t) || (dtype && *dtype != t->meta().dtype))
          return fn + " of arrays that are not float arrays of one dtype";
        dtype = t->meta().dtype;
      }
      return std::nullopt;
    }
    case Form::kReshape:
      if (args.size() != 2 || !kwargs.empty() || !floatArray(asArray(args[0])))
        return fn + " with these arguments";
      return std::nullopt;
    case Form::kScalarType: {
      const ConstantVariable* c = args.size() == 1 ? asConstant(args[0]) : nullptr;
      if (!kwargs.empty() || !c ||
          !(std::holds_alternative<int64_t>(c->value()) ||
            std::holds_alternative<double>(c->value()) || std::holds_alternative<bool>(c->value())))
        return fn + " of something that is not one Python number";
      return std::nullopt;
    }
  }
  return fn + " (not modelled)";
}

// The meta function's arguments for `f` from the call's operands (same order), with the
// keywords torch spells differently (axis -> dim, keepdims -> keepdim).
Expected<fake::MetaValue> exampleValue(Tx& tx, const TnpFunction& f, const Operands& ops,
                                       const Kwargs& kwargs, const Args& args) {
  fake::FakeContext fctx;
  fctx.gradEnabled = tx.context().gradEnabled;
  fctx.defaultDtype = tx.context().defaultDtype;
  std::vector<fake::MetaArg> margs = ops.meta;
  fake::Kwargs mkw;
  const std::string fn = "numpy." + std::string(f.name);
  auto constantOf = [&](const std::string& key) -> std::optional<size_t> {
    for (size_t i = 0; i < kwargs.size(); ++i)
      if (kwargs[i].first == key) return i;
    return std::nullopt;
  };
  switch (f.form) {
    case Form::kReduce:
    case Form::kArgReduce: {
      std::optional<int64_t> axis;
      bool keepdims = false;
      const VtPtr* axisVt = args.size() == 2 ? &args[1] : nullptr;
      if (auto i = constantOf("axis")) axisVt = &kwargs[*i].second;
      if (axisVt) {
        const ConstantVariable* c = asConstant(*axisVt);
        if (!c || (!c->isNone() && !std::holds_alternative<int64_t>(c->value())))
          return unsupported(fn + " with an axis that is not an int or None");
        if (!c->isNone()) axis = std::get<int64_t>(c->value());
      }
      if (auto i = constantOf("keepdims")) {
        const ConstantVariable* c = asConstant(kwargs[*i].second);
        if (!c || !std::holds_alternative<bool>(c->value()))
          return unsupported(fn + " with keepdims that is not a bool");
        keepdims = std::get<bool>(c->value());
      }
      if (f.form == Form::kArgReduce && keepdims) return unsupported(fn + " with keepdims=True");
      margs.resize(1);
      if (axis) {
        if (f.form == Form::kArgReduce || std::strcmp(f.op, "torch.prod") == 0)
          mkw.emplace_back("dim", fake::MetaArg(*axis));
        else
          mkw.emplace_back("dim", fake::MetaArg::list({fake::MetaArg(*axis)}));
        mkw.emplace_back("keepdim", fake::MetaArg(keepdims));
      } else if (keepdims) {
        return unsupported(fn + " with keepdims=True over every axis");
      }
      break;
    }
    case Form::kClip: {
      margs.resize(1);
      const VtPtr* lo = args.size() > 1 ? &args[1] : nullptr;
      const VtPtr* hi = args.size() > 2 ? &args[2] : nullptr;
      if (auto i = constantOf("min")) lo = &kwargs[*i].second;
      if (auto i = constantOf("max")) hi = &kwargs[*i].second;
      for (const VtPtr* b : {lo, hi}) {
        const ConstantVariable* c = b ? asConstant(*b) : nullptr;
        if (!c || c->isNone()) {
          margs.emplace_back();  // None
          continue;
        }
        if (std::holds_alternative<int64_t>(c->value()))
          margs.emplace_back(std::get<int64_t>(c->value()));
        else if (std::holds_alternative<double>(c->value()))
          margs.emplace_back(std::get<double>(c->value()));
        else
          return unsupported(fn + " with a bound that is not an int or float");
      }
      break;
    }
    case Form::kJoin: {
      margs.resize(1);
      int64_t axis = 0;
      const VtPtr* axisVt = args.size() == 2 ? &args[1] : nullptr;
      if (auto i = constantOf("axis")) axisVt = &kwargs[*i].second;
      if (axisVt) {
        const ConstantVariable* c = asConstant(*axisVt);
        if (!c || !std::holds_alternative<int64_t>(c->value()))
          return unsupported(fn + " with an axis that is not an int (axis=None flattens)");
        axis = std::get<int64_t>(c->value());
      }
      mkw.emplace_back("dim", fake::MetaArg(axis));
      break;
    }
    case Form::kTranspose: {
      const auto& m = asArray(args[0])->meta();
      std::vector<fake::MetaArg> dims;
      for (int64_t d = m.dim() - 1; d >= 0; --d) dims.emplace_back(d);
      margs.push_back(fake::MetaArg::list(std::move(dims)));
      break;
    }
    case Form::kReshape: {
      if (margs.size() != 2 || !margs[1].is<fake::ArgSeq>()) {
        if (margs.size() == 2 && margs[1].is<int64_t>())
          margs[1] = fake::MetaArg::list({margs[1]});
        else
          return unsupported(fn + " with a shape that is not ints");
      }
      break;
    }
    case Form::kBinary:
    case Form::kCompare: promoteFloatArrays(margs); break;
    default: break;
  }
  if (f.form == Form::kScalarType) {
    // tnp.<type>(value): a 0-d array of the type's dtype.
    fake::TensorMeta m;
    auto dtype = fake::parseDType(f.op);
    if (!dtype) return unsupported(fn + ": dtype " + f.op);
    m.dtype = *dtype;
    return fake::MetaValue(m);
  }
  return fake::callOp(f.op, margs, mkw, fctx);
}

// np.finfo / np.iinfo of the scalar types, as ConstantLikeVariable.var_getattr gives their
// attributes (numpy floats as Python floats: float(np.float32(1e-06)) is 9.99...e-07).
struct TypeInfo {
  const char* type;  // the tnp scalar type's name
  bool floating;
  double eps, max, min, tiny, resolution;
  int64_t bits, precision, imin, imax;
};
constexpr TypeInfo kTypeInfo[] = {
    {"float16", true, 0.0009765625, 65504.0, -65504.0, 6.103515625e-05, 0.0010004043579101562, 16,
     3, 0, 0},
    {"float32", true, 1.1920928955078125e-07, 3.4028234663852886e+38, -3.4028234663852886e+38,
     1.1754943508222875e-38, 9.999999974752427e-07, 32, 6, 0, 0},
    {"float64", true, 2.220446049250313e-16, 1.7976931348623157e+308, -1.7976931348623157e+308,
     2.2250738585072014e-308, 1e-15, 64, 15, 0, 0},
    {"int8", false, 0, 0, 0, 0, 0, 8, 0, -128, 127},
    {"int16", false, 0, 0, 0, 0, 0, 16, 0, -32768, 32767},
    {"int32", false, 0, 0, 0, 0, 0, 32, 0, -2147483648LL, 2147483647LL},
    {"int64", false, 0, 0, 0, 0, 0, 64, 0, INT64_MIN, INT64_MAX},
    {"uint8", false, 0, 0, 0, 0, 0, 8, 0, 0, 255},
};

// NumpyTypeInfoVariable (a ConstantLikeVariable): np.finfo(...) / np.iinfo(...) whose
// attributes are constants.
class NumpyTypeInfoVariable final : public VariableTracker {
 public:
  NumpyTypeInfoVariable(const TypeInfo& info, bool finfo)
      : VariableTracker(VtKind::kOpaque, nullptr, MutationType::kImmutable),
        info_(info),
        finfo_(finfo) {}
  std::string pythonTypeName() const override { return finfo_ ? "finfo" : "iinfo"; }
  std::string describe() const override {
    return std::string(finfo_ ? "finfo(" : "iinfo(") + info_.type + ")";
  }
  Expected<VtPtr> varGetattr(Tx&, const std::string& name) override {
    if (name == "bits") return ConstantVariable::make(info_.bits);
    if (finfo_) {
      if (name == "eps") return ConstantVariable::make(info_.eps);
      if (name == "max") return ConstantVariable::make(info_.max);
      if (name == "min") return ConstantVariable::make(info_.min);
      if (name == "tiny" || name == "smallest_normal") return ConstantVariable::make(info_.tiny);
      if (name == "resolution") return ConstantVariable::make(info_.resolution);
      if (name == "precision") return ConstantVariable::make(info_.precision);
    } else {
      if (name == "min") return ConstantVariable::make(info_.imin);
      if (name == "max") return ConstantVariable::make(info_.imax);
    }
    return unsupported("numpy." + pythonTypeName() + "." + name + " (not modelled)");
  }

 private:
  const TypeInfo& info_;
  bool finfo_;
};

// np.finfo(t) / np.iinfo(t) (get_constant_collection_for_func): the argument must be a
// Python constant; a numpy scalar type is (NumpyVariable.as_python_constant).
Expected<VtPtr> typeInfo(const std::string& which, const Args& args, const Kwargs& kwargs) {
  const std::string fn = "numpy." + which;
  if (args.size() != 1 || !kwargs.empty() || args[0]->kind() != VtKind::kNumpy)
    return unsupported(fn +
                       " of something that is not a numpy scalar type (np.dtype objects, "
                       "arrays and Python types are not modelled)");
  const std::string& t = static_cast<const NumpyVariable&>(*args[0]).tnpName();
  for (const auto& info : kTypeInfo)
    if (t == info.type && info.floating == (which == "finfo"))
      return VtPtr(std::make_shared<NumpyTypeInfoVariable>(info, which == "finfo"));
  return unsupported(fn + " of numpy." + t + " (not modelled)");
}

}  // namespace

bool isNdarrayReduction(const std::string& name) {
  const TnpFunction* f = findFunction(name);
  return f && (f->form == Form::kReduce || f->form == Form::kArgReduce);
}

Expected<fake::TensorMeta> ndarrayReductionMeta(Tx& tx, const std::string& name, const VtPtr& self,
                                                const Args& args, const Kwargs& kwargs) {
  const TnpFunction* f = findFunction(name);
  if (!f || !isNdarrayReduction(name)) return unsupported("ndarray." + name + "()");
  Args all{self};
  all.insert(all.end(), args.begin(), args.end());
  if (auto why = refusal(*f, all, kwargs)) return unsupported(*why + " (as an ndarray method)");
  Operands ops;
  for (const auto& a : all) {
    GraphArg g;
    fake::MetaArg m;
    if (!addOperand(a, g, m))
      return unsupported("ndarray." + name + "() with an argument of type " + a->pythonTypeName());
    ops.meta.push_back(std::move(m));
  }
  auto value = exampleValue(tx, *f, ops, kwargs, all);
  if (!value) return unsupported("fake tensor: " + value.error().message());
  if (!value->is<fake::TensorMeta>()) return unsupported("ndarray." + name + "() giving no array");
  return value->as<fake::TensorMeta>();
}

Expected<VtPtr> NumpyVariable::callFunction(Tx& tx, Args args, Kwargs kwargs) {
  // config.trace_numpy (on by default) is recorded with the trace's config.
  std::optional<std::string> traceNumpy;
  for (auto kv : tx.context().trace.configOf(tx.context().event).getOthers())
    if (std::string_view(kv.getKey().cStr()) == "trace_numpy") traceNumpy = kv.getValue().cStr();
  if (!traceNumpy || *traceNumpy != "True")
    return unsupported("calling " + name_ + " without config.trace_numpy recorded as on");
  if (tnpName_.empty())
    return unsupported("calling " + name_ +
                       ", which has no torch._numpy equivalent (Dynamo's graph break: not "
                       "modelled)");
  const bool info = tnpName_ == "finfo" || tnpName_ == "iinfo";
  const TnpFunction* f = findFunction(tnpName_);
  if (!f && !info)
    return unsupported("numpy function " + name_ + " (torch._numpy." + tnpName_ + ")");
  for (auto& a : args) {
    auto r = tx.realize(a);
    if (!r) return r;
    a = *r;
  }
  for (auto& [k, v] : kwargs) {
    auto r = tx.realize(v);
    if (!r) return r;
    v = *r;
    // NumpyNdarrayVariable.patch_args: clip's a_min / a_max are min / max.
    if (tnpName_ == "clip" && (k == "a_min" || k == "a_max")) k = k.substr(2);
  }
  if (info) return typeInfo(tnpName_, args, kwargs);
  if (auto why = refusal(*f, args, kwargs)) return unsupported(*why);
  Operands ops;
  for (const auto& a : args) {
    GraphArg g;
    fake::MetaArg m;
    if (!addOperand(a, g, m))
      return unsupported(name_ + " with an argument of type " + a->pythonTypeName());
    ops.graph.push_back(std::move(g));
    ops.meta.push_back(std::move(m));
  }
  std::vector<std::pair<std::string, GraphArg>> gkw;
  for (const auto& [k, v] : kwargs) {
    GraphArg g;
    fake::MetaArg m;
    if (!addOperand(v, g, m))
      return unsupported(name_ + " with an argument of type " + v->pythonTypeName());
    gkw.emplace_back(k, std::move(g));
  }
  auto value = exampleValue(tx, *f, ops, kwargs, args);
  if (!value) return unsupported("fake tensor: " + value.error().message());
  if (!value->is<fake::TensorMeta>()) return unsupported(name_ + " giving no array");
  const auto& meta = value->as<fake::TensorMeta>();
  return ndarrayNode(tx, "wrapped_" + tnpName_, std::move(ops.graph), std::move(gkw), meta);
}

}  // namespace dynrr::vt
