// object_printer.cpp — see object_printer.h.
#include "core/trace/object_printer.h"

#include <cmath>
#include <cstdio>
#include <unordered_set>
#include <vector>

namespace dynrr::trace {
namespace {

std::string quote(const std::string& s, size_t max) {
  std::string out = "'";
  size_t n = 0;
  for (char c : s) {
    if (n++ >= max) {
      out += "...";
      break;
    }
    if (c == '\'' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "'";
}

std::string formatFloat(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  // Shortest round-trip form, as Python's repr.
  for (int prec = 1; prec <= 17; ++prec) {
    std::snprintf(buf, sizeof(buf), "%.*g", prec, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  std::string s = buf;
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

// Decimal digits of a little-endian magnitude, by repeated division by 10^9.
std::string bigIntDecimal(schema::BigInt::Reader big) {
  auto mag = big.getMagnitude();
  std::vector<uint32_t> limbs((mag.size() + 3) / 4, 0);  // little-endian 32-bit limbs
  for (size_t i = 0; i < mag.size(); ++i) limbs[i / 4] |= uint32_t{mag[i]} << (8 * (i % 4));
  std::string digits;
  auto nonZero = [&] {
    for (uint32_t l : limbs) {
      if (l) return true;
    }
    return false;
  };
  if (!nonZero()) return "0";
  while (nonZero()) {
    uint64_t rem = 0;
    for (size_t i = limbs.size(); i-- > 0;) {
      uint64_t cur = (rem << 32) | limbs[i];
      limbs[i] = static_cast<uint32_t>(cur / 1000000000u);
      rem = cur % 1000000000u;
    }
    std::string chunk = std::to_string(rem);
    if (nonZero()) chunk.insert(0, 9 - chunk.size(), '0');
    digits.insert(0, chunk);
  }
  return (big.getNegative() ? "-" : "") + digits;
}

std::string joinIntList(capnp::List<int64_t>::Reader xs) {
  std::string out;
  for (unsigned i = 0; i < xs.size(); ++i) {
    if (i) out += ", ";
    out += std::to_string(xs[i]);
  }
  return out;
}

class Printer {
 public:
  Printer(const TraceReader& trace, const PrintOptions& options)
      : trace_(trace), options_(options) {}

  std::string print(ObjRef ref, int depth) {
    if (ref == 0) return "<absent>";
    auto maybe = trace_.object(ref);
    if (!maybe) return "<bad ref " + std::to_string(ref) + ">";
    schema::Object::Reader obj = *maybe;
    using W = schema::Object::Which;
    bool container = obj.which() == W::LIST || obj.which() == W::TUPLE || obj.which() == W::DICT ||
                     obj.which() == W::SET || obj.which() == W::FROZENSET;
    if (container) {
      if (active_.count(ref)) return obj.which() == W::DICT ? "{...}" : "[...]";
      if (depth > options_.maxDepth) return "...";
    }
    // Only a damaged trace nests other objects into themselves (a bound method of a bound
    // method of itself): shown as a cycle, and depth is bounded whatever the kind.
    if (active_.count(ref)) return "<cycle at #" + std::to_string(ref) + ">";
    if (depth > options_.maxDepth + 16) return "...";
    active_.insert(ref);
    std::string out = printInner(obj, depth);
    active_.erase(ref);
    return out;
  }

 private:
  template <typename List, typename F>
  std::string items(List list, F&& each) {
    std::string out;
    size_t n = 0;
    for (auto item : list) {
      if (n == options_.maxItems) {
        out += ", ... " + std::to_string(list.size() - n) + " more";
        break;
      }
      if (n++) out += ", ";
      out += each(item);
    }
    return out;
  }

  std::string printInner(schema::Object::Reader obj, int depth) {
    using W = schema::Object::Which;
    auto sub = [&](ObjRef r) { return print(r, depth + 1); };
    switch (obj.which()) {
      case W::NONE: return "None";
      case W::ELLIPSIS: return "Ellipsis";
      case W::NOT_IMPLEMENTED: return "NotImplemented";
      case W::BOOL: return obj.getBool() ? "True" : "False";
      case W::INT: return std::to_string(obj.getInt());
      case W::BIG_INT: return bigIntDecimal(obj.getBigInt());
      case W::FLOAT: return formatFloat(obj.getFloat());
      case W::COMPLEX:
        return "(" + formatFloat(obj.getComplex().getReal()) + "+" +
               formatFloat(obj.getComplex().getImag()) + "j)";
      case W::STR: return quote(obj.getStr(), options_.maxString);
      case W::BYTES: return "b<" + std::to_string(obj.getBytes().size()) + " bytes>";
      case W::TUPLE: {
        auto t = obj.getTuple();
        std::string inner = items(t, sub);
        return "(" + inner + (t.size() == 1 ? ",)" : ")");
      }
      case W::LIST: return "[" + items(obj.getList(), sub) + "]";
      case W::SET: return obj.getSet().size() == 0 ? "set()" : "{" + items(obj.getSet(), sub) + "}";
      case W::FROZENSET: return "frozenset({" + items(obj.getFrozenset(), sub) + "})";
      case W::DICT:
        return "{" +
               items(obj.getDict(),
                     [&](schema::DictEntry::Reader e) {
                       return sub(e.getKey()) + ": " + sub(e.getValue());
                     }) +
               "}";
      case W::SLICE: {
        auto s = obj.getSlice();
        return "slice(" + sub(s.getStart()) + ", " + sub(s.getStop()) + ", " + sub(s.getStep()) +
               ")";
      }
      case W::RANGE: {
        auto r = obj.getRange();
        return "range(" + std::to_string(r.getStart()) + ", " + std::to_string(r.getStop()) +
               (r.getStep() != 1 ? ", " + std::to_string(r.getStep()) : "") + ")";
      }
      case W::CODE: {
        auto c = obj.getCode();
        return "<code " + std::string(c.getQualname().cStr()) + " at " + c.getFilename().cStr() +
               ":" + std::to_string(c.getFirstlineno()) + ">";
      }
      case W::FUNCTION: {
        auto f = obj.getFunction();
        std::string out = "<function " + std::string(f.getQualname().cStr());
        if (f.getClosure().size()) out += " closure=" + std::to_string(f.getClosure().size());
        return out + ">";
      }
      case W::CELL: {
        auto c = obj.getCell();
        if (c.getEmpty()) return "<cell empty>";
        return "<cell: " + sub(c.getContents()) + ">";
      }
      case W::MODULE: return "<module '" + std::string(obj.getModule().getName().cStr()) + "'>";
      case W::CLASS: {
        auto c = obj.getClass();
        return "<class '" + std::string(c.getModule().cStr()) + "." + c.getQualname().cStr() + "'>";
      }
      case W::INSTANCE: {
        auto i = obj.getInstance();
        std::string cls = print(i.getClass(), depth + 1);
        std::string kind = i.getKind() == schema::InstanceKind::NN_MODULE ? "nn.Module " : "";
        return "<" + kind + "instance of " + cls + " with " + std::to_string(i.getAttrs().size()) +
               " attrs>";
      }
      case W::BOUND_METHOD: {
        auto m = obj.getBoundMethod();
        return "<bound method " + print(m.getFunction(), depth + 1) + " of " +
               typeName(trace_, m.getSelf()) + ">";
      }
      case W::CALLABLE: {
        auto c = obj.getCallable();
        return "<callable " + std::string(c.getModule().cStr()) + "." + c.getQualname().cStr() +
               ">";
      }
      case W::TENSOR: {
        auto t = obj.getTensor();
        auto meta = trace_.object(t.getMeta());
        if (!meta || meta->which() != W::TENSOR_META) return "tensor(<bad meta>)";
        return "tensor(" + describeTensorMeta(meta->getTensorMeta()) + ")";
      }
      case W::NDARRAY: {
        auto meta = trace_.object(obj.getNdarray().getMeta());
        if (!meta || meta->which() != W::TENSOR_META) return "ndarray(<bad meta>)";
        return "ndarray(" + describeTensorMeta(meta->getTensorMeta()) + ")";
      }
      case W::TENSOR_META: return "meta(" + describeTensorMeta(obj.getTensorMeta()) + ")";
      case W::DTYPE: return obj.getDtype();
      case W::DEVICE: return "device('" + std::string(obj.getDevice().cStr()) + "')";
      case W::TORCH_SIZE: return "torch.Size([" + joinIntList(obj.getTorchSize()) + "])";
      case W::ENUM: {
        auto e = obj.getEnum();
        return "<enum " + std::string(e.getName().cStr()) + ">";
      }
      case W::OPAQUE: {
        auto o = obj.getOpaque();
        return "<opaque " + std::string(o.getTypeName().cStr()) + " (" + o.getReason().cStr() +
               ")>";
      }
    }
    return "<unknown object kind>";
  }

  const TraceReader& trace_;
  const PrintOptions& options_;
  std::unordered_set<ObjRef> active_;
};

}  // namespace

std::string joinInts(capnp::List<int64_t>::Reader xs) { return joinIntList(xs); }

std::string shortDtype(const std::string& dtype) {
  static const std::pair<const char*, const char*> kNames[] = {
      {"torch.float32", "f32"},   {"torch.float64", "f64"},   {"torch.float16", "f16"},
      {"torch.bfloat16", "bf16"}, {"torch.int64", "i64"},     {"torch.int32", "i32"},
      {"torch.int16", "i16"},     {"torch.int8", "i8"},       {"torch.uint8", "u8"},
      {"torch.bool", "b8"},       {"torch.complex64", "c64"}, {"torch.complex128", "c128"},
  };
  for (auto [name, shortName] : kNames) {
    if (dtype == name) return shortName;
  }
  return dtype;
}

std::string describeTensorMeta(schema::TensorMeta::Reader meta) {
  std::string out = shortDtype(meta.getDtype()) + "[" + joinIntList(meta.getShape()) + "]";
  out += " stride=(" + joinIntList(meta.getStride()) + ")";
  if (meta.getStorageOffset() != 0) out += " offset=" + std::to_string(meta.getStorageOffset());
  if (std::string(meta.getDevice().cStr()) != "cpu")
    out += " device=" + std::string(meta.getDevice().cStr());
  if (meta.getRequiresGrad()) out += " requires_grad";
  if (meta.getIsParameter()) out += " Parameter";
  if (meta.getSubclass().size()) out += " subclass=" + std::string(meta.getSubclass().cStr());
  return out;
}

std::string describeObject(const TraceReader& trace, ObjRef ref, const PrintOptions& options) {
  Printer printer(trace, options);
  return printer.print(ref, 0);
}

std::string typeName(const TraceReader& trace, ObjRef ref) {
  auto maybe = trace.object(ref);
  if (!maybe) return "<bad ref>";
  using W = schema::Object::Which;
  switch (maybe->which()) {
    case W::NONE: return "NoneType";
    case W::ELLIPSIS: return "ellipsis";
    case W::NOT_IMPLEMENTED: return "NotImplementedType";
    case W::BOOL: return "bool";
    case W::INT:
    case W::BIG_INT: return "int";
    case W::FLOAT: return "float";
    case W::COMPLEX: return "complex";
    case W::STR: return "str";
    case W::BYTES: return "bytes";
    case W::TUPLE: return "tuple";
    case W::LIST: return "list";
    case W::DICT: return "dict";
    case W::SET: return "set";
    case W::FROZENSET: return "frozenset";
    case W::SLICE: return "slice";
    case W::RANGE: return "range";
    case W::CODE: return "code";
    case W::FUNCTION: return "function";
    case W::CELL: return "cell";
    case W::MODULE: return "module";
    case W::CLASS: return "type";
    case W::INSTANCE: {
      auto cls = trace.object(maybe->getInstance().getClass());
      if (cls && cls->which() == W::CLASS) return cls->getClass().getQualname();
      return "object";
    }
    case W::BOUND_METHOD: return "method";
    case W::CALLABLE: return "builtin_function_or_method";
    case W::TENSOR: {
      auto meta = trace.object(maybe->getTensor().getMeta());
      if (meta && meta->which() == W::TENSOR_META && meta->getTensorMeta().getIsParameter()) {
        return "Parameter";
      }
      return "Tensor";
    }
    case W::NDARRAY: return "numpy.ndarray";
    case W::TENSOR_META: return "TensorMeta";
    case W::DTYPE: return "torch.dtype";
    case W::DEVICE: return "torch.device";
    case W::TORCH_SIZE: return "torch.Size";
    case W::ENUM: return "enum";
    case W::OPAQUE: return maybe->getOpaque().getTypeName();
  }
  return "?";
}

}  // namespace dynrr::trace
