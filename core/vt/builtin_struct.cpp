// builtin_struct.cpp — struct.pack / struct.unpack as Dynamo 2.13 sees them: the
// substitute_in_graph polyfills of torch/_dynamo/polyfills/struct.py with
// can_constant_fold_through (PolyfilledFunctionVariable, guarded by ID_MATCH), so a call
// whose arguments are all constants runs the real function at compile time. Modelled
// after CPython 3.11's Modules/_struct.c for the codes x ? b B h H i I l L q Q f d, in
// native (@, aligned, Linux x86-64 sizes) or standard (= < > !) mode; other codes, values
// out of range (struct.error) and non-constant arguments are refused by name.
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "core/tracer/instruction_translator.h"
#include "core/vt/builtin_internal.h"
#include "core/vt/constant.h"
#include "core/vt/lists.h"

namespace dynrr::vt::builtin_detail {
namespace {

struct Item {
  char code;
  size_t size;
  size_t offset;
};

struct Layout {
  bool little = true;
  std::vector<Item> items;  // pad bytes excluded
  size_t size = 0;
};

// The size of `code` in native (@) or standard mode; 0 for a code not modelled.
size_t codeSize(char code, bool native) {
  switch (code) {
    case 'x':
    case '?':
    case 'b':
    case 'B': return 1;
    case 'h':
    case 'H': return 2;
    case 'i':
    case 'I':
    case 'f': return 4;
    case 'l':
    case 'L': return native ? 8 : 4;
    case 'q':
    case 'Q':
    case 'd': return 8;
    default: return 0;
  }
}

Expected<Layout> parse(const std::string& fmt) {
  Layout out;
  size_t i = 0;
  bool native = true;
  if (!fmt.empty() && std::strchr("@=<>!", fmt[0])) {
    native = fmt[0] == '@';
    out.little = fmt[0] == '@' || fmt[0] == '=' || fmt[0] == '<';
    i = 1;
  }
  while (i < fmt.size()) {
    if (std::isspace(static_cast<unsigned char>(fmt[i]))) {
      ++i;
      continue;
    }
    size_t count = 1;
    if (std::isdigit(static_cast<unsigned char>(fmt[i]))) {
      count = 0;
      while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) {
        count = count * 10 + static_cast<size_t>(fmt[i] - '0');
        if (count > 4096) return unsupported("a struct format with a repeat count over 4096");
        ++i;
      }
      if (i == fmt.size()) return unsupported("a struct format ending in a count (struct.error)");
    }
    char code = fmt[i++];
    size_t size = codeSize(code, native);
    if (size == 0) return unsupported(std::string("struct format code '") + code + "'");
    if (native && count > 0) out.size = (out.size + size - 1) / size * size;  // alignment
    for (size_t k = 0; k < count; ++k) {
      if (code != 'x') out.items.push_back(Item{code, size, out.size});
      out.size += size;
    }
  }
  return out;
}

Expected<std::string> formatArg(Tx& tx, const VtPtr& v) {
  auto r = tx.realize(v);
  if (!r) return r.error();
  const ConstantVariable* c = asConstant(*r);
  if (c) {
    if (const std::string* s = c->asStr()) return *s;
    if (const auto* b = std::get_if<BytesValue>(&c->value())) return b->data;
  }
  return unsupported("a struct format that is not a constant str or bytes");
}

void putBytes(std::string& buf, size_t at, uint64_t bits, size_t size, bool little) {
  for (size_t k = 0; k < size; ++k) {
    auto byte = static_cast<char>((bits >> (8 * k)) & 0xff);
    buf[at + (little ? k : size - 1 - k)] = byte;
  }
}

uint64_t getBytes(const std::string& buf, size_t at, size_t size, bool little) {
  uint64_t bits = 0;
  for (size_t k = 0; k < size; ++k) {
    auto byte = static_cast<uint8_t>(buf[at + (little ? k : size - 1 - k)]);
    bits |= uint64_t{byte} << (8 * k);
  }
  return bits;
}

bool isSigned(char code) {
  return code == 'b' || code == 'h' || code == 'i' || code == 'l' || code == 'q';
}

}  // namespace

Expected<VtPtr> callStruct(Tx& tx, const std::string& name, Args& args) {
  if (args.empty()) return notModelled();
  auto fmt = formatArg(tx, args[0]);
  if (!fmt) return fmt.error();
  auto layout = parse(*fmt);
  if (!layout) return layout.error();
  if (name == "struct.pack") {
    if (args.size() - 1 != layout->items.size())
      return unsupported("struct.pack with the wrong number of values (struct.error)");
    std::string buf(layout->size, '\0');
    for (size_t k = 0; k < layout->items.size(); ++k) {
      const Item& it = layout->items[k];
      auto r = tx.realize(args[k + 1]);
      if (!r) return r.error();
      const ConstantVariable* c = asConstant(*r);
      if (!c) return unsupported("struct.pack of a " + (*r)->pythonTypeName());
      std::optional<int64_t> i = c->asInt();
      if (it.code == 'f' || it.code == 'd') {
        std::optional<double> d = c->asNumber();
        if (!d) return unsupported("struct.pack of a " + c->pythonTypeName() + " as a float");
        if (it.code == 'd') {
          putBytes(buf, it.offset, std::bit_cast<uint64_t>(*d), 8, layout->little);
        } else {
          if (std::isfinite(*d) && std::fabs(*d) > std::numeric_limits<float>::max())
            return unsupported("struct.pack of a float out of range for 'f' (OverflowError)");
          putBytes(buf, it.offset, std::bit_cast<uint32_t>(static_cast<float>(*d)), 4,
                   layout->little);
        }
        continue;
      }
      if (!i) return unsupported("struct.pack of a " + c->pythonTypeName() + " as an integer");
      if (it.code == '?') {
        buf[it.offset] = *i != 0 ? 1 : 0;
        continue;
      }
      size_t bits = it.size * 8;
      bool ok = isSigned(it.code) ? (bits == 64 || (*i >= -(int64_t{1} << (bits - 1)) &&
                                                    *i < (int64_t{1} << (bits - 1))))
                                  : (*i >= 0 && (bits == 64 || *i < (int64_t{1} << bits)));
      if (!ok) return unsupported("struct.pack of an int out of range (struct.error)");
      putBytes(buf, it.offset, static_cast<uint64_t>(*i), it.size, layout->little);
    }
    return ConstantVariable::make(BytesValue{buf});
  }
  // struct.unpack(format, buffer)
  if (args.size() != 2) return notModelled();
  auto r = tx.realize(args[1]);
  if (!r) return r.error();
  const ConstantVariable* c = asConstant(*r);
  const auto* b = c ? std::get_if<BytesValue>(&c->value()) : nullptr;
  if (!b) return unsupported("struct.unpack of a buffer that is not constant bytes");
  if (b->data.size() != layout->size)
    return unsupported("struct.unpack of a buffer of another size (struct.error)");
  std::vector<VtPtr> out;
  for (const Item& it : layout->items) {
    uint64_t bits = getBytes(b->data, it.offset, it.size, layout->little);
    if (it.code == 'd') {
      out.push_back(ConstantVariable::make(std::bit_cast<double>(bits)));
    } else if (it.code == 'f') {
      out.push_back(ConstantVariable::make(
          static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)))));
    } else if (it.code == '?') {
      out.push_back(ConstantVariable::make(bits != 0));
    } else if (isSigned(it.code) && it.size < 8) {
      int64_t v = static_cast<int64_t>(bits);
      if (bits & (uint64_t{1} << (it.size * 8 - 1))) v -= int64_t{1} << (it.size * 8);
      out.push_back(ConstantVariable::make(v));
    } else if (!isSigned(it.code) && it.size == 8 && bits > uint64_t{INT64_MAX}) {
      return unsupported("struct.unpack of an unsigned value beyond 63 bits");
    } else {
      out.push_back(ConstantVariable::make(static_cast<int64_t>(bits)));
    }
  }
  return makeTuple(std::move(out));
}

}  // namespace dynrr::vt::builtin_detail
