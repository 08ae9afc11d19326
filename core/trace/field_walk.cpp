// field_walk.cpp — see field_walk.h.
//
// What each step checks mirrors the reads of Cap'n Proto 0.9's layout.c++, on the wire
// words: readStructPointer, readListPointer, readTextPointer and readDataPointer for
// fields the schema reaches (typed reads), ListReader::getStructElement for list
// elements, and WireHelpers::totalSize for every other pointer (generic reads). Nesting
// is tracked twice, as capnp tracks it: `n`, the limit a typed reader carries (a list
// element costs one level more than its list), and `s`, the limit totalSize() carries
// from the root; a pointer is refused if either read would refuse it.
#include "core/trace/field_walk.h"

#include <capnp/layout.h>
#include <capnp/schema.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>
#include <utility>
#include <vector>

#include "core/support/assert.h"
#include "core/trace/trace.capnp.h"

namespace dynrr::trace {

namespace {

static_assert(std::endian::native == std::endian::little, "the walk reads wire words in place");

namespace cs = capnp::schema;
using capnp::ElementSize;

// ---------------------------------------------------------------- the plan

enum class Kind : uint8_t {
  kNone,
  kText,
  kData,
  kStruct,
  kGroup,          // a group: the same struct data read through another schema
  kList,           // a list whose elements hold pointers (text, data, struct, list)
  kPrimitiveList,  // a list of primitives: reading it checks its element size only
};

struct TypePlan {
  Kind kind = Kind::kNone;
  uint8_t listSize = 0;  // kList, kPrimitiveList: the ElementSize a typed read expects
  uint32_t inner = 0;    // kStruct, kGroup: index of a StructPlan; kList: of the element type
};

struct FieldPlan {
  TypePlan type;
  uint32_t pointer = 0;  // pointer slot (not for groups)
};

// The fields of a struct type that can hold a pointer (primitives need no check).
struct StructPlan {
  std::vector<FieldPlan> plain;  // non-union fields, in the schema's order
  bool hasUnion = false;
  uint32_t discriminantOffset = 0;                       // in 16-bit units
  std::vector<std::optional<FieldPlan>> byDiscriminant;  // union members holding pointers
  uint32_t slots = 0;  // 1 + the highest pointer slot a field (its groups' too) may use
  // The type each slot is read as through the non-union, non-group fields (null: none);
  // `dynamic` when groups or a union add others, which depend on the struct's data.
  std::vector<const TypePlan*> fixed;
  bool dynamic = false;
};

// Pointer slots a struct type of trace.capnp may use; the walk keeps one entry per slot
// on the stack (checked when the plan is compiled).
constexpr uint32_t kMaxSlots = 64;

// What a typed list read expects for elements of type `t` (dynamic.c++'s elementSizeFor).
ElementSize elementSizeFor(cs::Type::Which t) {
  switch (t) {
    case cs::Type::VOID: return ElementSize::VOID;
    case cs::Type::BOOL: return ElementSize::BIT;
    case cs::Type::INT8:
    case cs::Type::UINT8: return ElementSize::BYTE;
    case cs::Type::INT16:
    case cs::Type::UINT16:
    case cs::Type::ENUM: return ElementSize::TWO_BYTES;
    case cs::Type::INT32:
    case cs::Type::UINT32:
    case cs::Type::FLOAT32: return ElementSize::FOUR_BYTES;
    case cs::Type::INT64:
    case cs::Type::UINT64:
    case cs::Type::FLOAT64: return ElementSize::EIGHT_BYTES;
    case cs::Type::TEXT:
    case cs::Type::DATA:
    case cs::Type::LIST:
    case cs::Type::INTERFACE: return ElementSize::POINTER;
    case cs::Type::STRUCT: return ElementSize::INLINE_COMPOSITE;
    case cs::Type::ANY_POINTER: break;
  }
  DYNRR_ASSERT(false, "a list of AnyPointer in trace.capnp", static_cast<int>(t));
  return ElementSize::VOID;
}

// The walk's plan for every struct type reachable from the two chunk roots, compiled
// once (on first use, immutable after) from the compiled-in schema.
class Plan {
 public:
  static const Plan& instance() {
    static const Plan plan;
    return plan;
  }

  uint32_t header = 0;
  uint32_t chunk = 0;
  std::vector<StructPlan> structs;
  std::vector<TypePlan> types;  // element types of lists (TypePlan::inner of a kList)

 private:
  Plan() {
    header = structIndex(capnp::Schema::from<schema::TraceHeader>());
    chunk = structIndex(capnp::Schema::from<schema::EventChunk>());
    // The plans no longer move: point each slot at the type its plain field reads.
    for (StructPlan& sp : structs) {
      sp.fixed.assign(sp.slots, nullptr);
      sp.dynamic = sp.hasUnion;
      for (const FieldPlan& f : sp.plain) {
        if (f.type.kind == Kind::kGroup) {
          sp.dynamic = true;
        } else {
          sp.fixed[f.pointer] = &f.type;
        }
      }
    }
  }

  uint32_t structIndex(capnp::StructSchema s) {
    uint64_t id = s.getProto().getId();
    for (const auto& [known, index] : ids_)
      if (known == id) return index;
    auto index = static_cast<uint32_t>(structs.size());
    ids_.emplace_back(id, index);
    structs.emplace_back();  // reserved before recursing: types may refer to themselves
    StructPlan plan;
    for (auto f : s.getNonUnionFields())
      if (auto fp = fieldPlan(f)) plan.plain.push_back(*fp);
    auto node = s.getProto().getStruct();
    if (node.getDiscriminantCount() > 0) {
      plan.hasUnion = true;
      plan.discriminantOffset = node.getDiscriminantOffset();
      plan.byDiscriminant.resize(node.getDiscriminantCount());
      for (uint16_t d = 0; d < node.getDiscriminantCount(); ++d) {
        KJ_IF_MAYBE (f, s.getFieldByDiscriminant(d)) {
          plan.byDiscriminant[d] = fieldPlan(*f);
        }
      }
    }
    for (const auto& f : plan.plain) plan.slots = std::max(plan.slots, slotsOf(f));
    for (const auto& f : plan.byDiscriminant)
      if (f) plan.slots = std::max(plan.slots, slotsOf(*f));
    DYNRR_ASSERT(plan.slots <= kMaxSlots, "a struct of trace.capnp with many pointers", plan.slots);
    structs[index] = std::move(plan);
    return index;
  }

  // Groups are complete when their field is planned (they cannot refer to themselves).
  uint32_t slotsOf(const FieldPlan& f) const {
    return f.type.kind == Kind::kGroup ? structs[f.type.inner].slots : f.pointer + 1;
  }

  std::optional<FieldPlan> fieldPlan(capnp::StructSchema::Field f) {
    auto proto = f.getProto();
    if (proto.isGroup()) {
      return FieldPlan{TypePlan{Kind::kGroup, 0, structIndex(f.getType().asStruct())}, 0};
    }
    auto type = typePlan(f.getType());
    if (!type) return std::nullopt;
    return FieldPlan{*type, proto.getSlot().getOffset()};
  }

  // Null for types that hold no pointer.
  std::optional<TypePlan> typePlan(capnp::Type t) {
    switch (t.which()) {
      case cs::Type::TEXT: return TypePlan{Kind::kText, 0, 0};
      case cs::Type::DATA: return TypePlan{Kind::kData, 0, 0};
      case cs::Type::STRUCT: return TypePlan{Kind::kStruct, 0, structIndex(t.asStruct())};
      case cs::Type::LIST: {
        auto elem = t.asList().getElementType();
        auto size = static_cast<uint8_t>(elementSizeFor(elem.which()));
        auto inner = typePlan(elem);
        if (!inner) return TypePlan{Kind::kPrimitiveList, size, 0};
        auto index = static_cast<uint32_t>(types.size());
        types.push_back(*inner);
        return TypePlan{Kind::kList, size, index};
      }
      default: return std::nullopt;
    }
  }

  std::vector<std::pair<uint64_t, uint32_t>> ids_;
};

// ---------------------------------------------------------------- the wire format

constexpr uint8_t kVoid = 0, kBit = 1, kByte = 2, kEightBytes = 5, kPointer = 6, kComposite = 7;
constexpr std::array<uint64_t, 8> kDataBits = {0, 1, 8, 16, 32, 64, 0, 0};
constexpr std::array<uint64_t, 8> kPointers = {0, 0, 0, 0, 0, 0, 1, 0};
enum : uint32_t { kStructKind = 0, kListKind = 1, kFarKind = 2, kOtherKind = 3 };

constexpr const char* kTooDeep =
    "Message is too deeply-nested or contains cycles.  See capnp::ReaderOptions.";
constexpr const char* kTooDeepGeneric = "Message is too deeply-nested.";
constexpr const char* kTraversal = "Exceeded message traversal limit.  See capnp::ReaderOptions.";

struct Segment {
  const uint64_t* begin = nullptr;
  uint64_t words = 0;
};

// A struct's sections as a reader sees them: a struct pointer's target or a list element.
struct StructView {
  const uint8_t* data;
  uint64_t dataBits;
  const uint64_t* pointers;
  uint32_t pointerCount;
  uint32_t segment;
};

// Where a pointer leads once far pointers are followed.
struct Target {
  uint64_t tag;      // the word describing the object: the pointer or its landing pad's
  uint32_t segment;  // the segment holding the object
  int64_t start;     // the object's first word in it (bounds not yet checked)
};

// A list's elements, each read as a struct (capnp reads any list as a list of structs).
struct Elements {
  const uint8_t* first;
  uint64_t stepBits;
  uint64_t dataBits;
  uint32_t pointerCount;
  uint64_t count;
  uint32_t segment;

  StructView at(uint64_t i) const {
    const uint8_t* data = first + i * stepBits / 8;
    return {data, dataBits, reinterpret_cast<const uint64_t*>(data + dataBits / 8), pointerCount,
            segment};
  }
};

inline uint32_t lower(uint64_t w) { return static_cast<uint32_t>(w); }
inline uint32_t upper(uint64_t w) { return static_cast<uint32_t>(w >> 32); }
inline int64_t offsetOf(uint64_t w) { return static_cast<int32_t>(lower(w)) >> 2; }
// An inline composite list's tag counts its elements in 29 bits (the 30th is ignored).
inline uint64_t elementCountOf(uint64_t tag) { return (lower(tag) >> 2) & ((1u << 29) - 1); }

class Walk {
 public:
  Walk(const Plan& plan, const Segment* segments, uint32_t segmentCount, uint64_t traversal,
       uint64_t& budget)
      : plan_(plan),
        segs_(segments),
        segCount_(segmentCount),
        traversal_(traversal),
        budget_(budget) {}

  bool root(uint32_t structIndex, int nestingLimit) {
    if (segCount_ == 0 || segs_[0].words == 0) {
      return fail("Message did not contain a root pointer.", 0, nullptr);
    }
    const uint64_t* ref = segs_[0].begin;
    if (*ref == 0) return true;
    return typedStruct(ref, 0, structIndex, nestingLimit, nestingLimit);
  }

  const WireFault& fault() const { return fault_; }

 private:
  [[gnu::cold, gnu::noinline]] bool fail(const char* what, uint32_t segment, const uint64_t* at) {
    fault_.what = what;
    fault_.segment = segment;
    fault_.word = at == nullptr ? 0 : static_cast<uint64_t>(at - segs_[segment].begin);
    return false;
  }

  bool inBounds(uint32_t segment, int64_t start, uint64_t length) const {
    uint64_t words = segs_[segment].words;
    return start >= 0 && static_cast<uint64_t>(start) <= words &&
           length <= words - static_cast<uint64_t>(start);
  }
  // The traversal limit, charged as capnp's read limiter is: the words of every object
  // read, and the claimed size of lists of zero-sized elements.
  bool charge(uint64_t words) {
    if (words > traversal_) return false;
    traversal_ -= words;
    return true;
  }
  // In bounds and within the traversal limit, or the fault `what`.
  bool readable(const Target& t, uint64_t length, const char* what, uint32_t seg,
                const uint64_t* ref) {
    if (!inBounds(t.segment, t.start, length)) return fail(what, seg, ref);
    if (!charge(length)) return fail(kTraversal, seg, ref);
    return true;
  }
  const uint64_t* wordAt(const Target& t, int64_t offset = 0) const {
    return segs_[t.segment].begin + t.start + offset;
  }
  bool knownSegment(uint32_t id) const { return id < segCount_ && segs_[id].words > 0; }
  // WirePointer::target / farTarget: an offset leading outside its segment reads as the
  // segment's end, where only an object of zero words is in bounds (capnp's checkOffset).
  int64_t clamp(uint32_t segment, int64_t start) const {
    auto words = static_cast<int64_t>(segs_[segment].words);
    return start < 0 || start > words ? words : start;
  }

  // Most pointers are near: their target is computed in line, far ones out of line.
  [[gnu::always_inline]] bool resolve(const uint64_t* ref, uint32_t seg, Target& t) {
    uint64_t w = *ref;
    if ((lower(w) & 3) != kFarKind) [[likely]] {
      t = {w, seg, clamp(seg, (ref - segs_[seg].begin) + 1 + offsetOf(w))};
      return true;
    }
    return resolveFar(ref, seg, t);
  }
  [[gnu::noinline]] bool resolveFar(const uint64_t* ref, uint32_t seg, Target& t);
  bool generic(const uint64_t* ref, uint32_t seg, int s);
  bool genericList(const Target& t, const uint64_t* ref, uint32_t seg, int s);
  bool genericElements(const Elements& e, int s);
  bool typedPointer(const uint64_t* ref, uint32_t seg, const TypePlan& type, int n, int s);
  bool typedBlob(const uint64_t* ref, uint32_t seg, bool text, int s);
  bool typedStruct(const uint64_t* ref, uint32_t seg, uint32_t structIndex, int n, int s);
  [[gnu::noinline]] bool typedList(const uint64_t* ref, uint32_t seg, const TypePlan& type, int n,
                                   int s);
  bool listElements(const Target& t, const uint64_t* ref, uint32_t seg, uint8_t expected,
                    Elements& e);
  bool visitStruct(const StructView& v, uint32_t structIndex, int n, int s);
  void expectFields(uint32_t structIndex, const StructView& v, const TypePlan** expect) const;

  const Plan& plan_;
  const Segment* segs_;
  uint32_t segCount_;
  uint64_t traversal_;
  uint64_t& budget_;
  WireFault fault_;
};

// WireHelpers::followFars: a far pointer's landing pad must be in a known segment and in
// bounds; a double-far's pad is a far pointer naming the object's segment, followed by
// the object's tag.
bool Walk::resolveFar(const uint64_t* ref, uint32_t seg, Target& t) {
  uint64_t w = *ref;
  uint32_t id = upper(w);
  if (!knownSegment(id)) return fail("Message contains far pointer to unknown segment.", seg, ref);
  auto pos = static_cast<int64_t>(lower(w) >> 3);
  bool doubleFar = ((lower(w) >> 2) & 1) != 0;
  uint64_t padWords = doubleFar ? 2 : 1;
  if (!inBounds(id, pos, padWords)) {
    return fail("Message contains out-of-bounds far pointer.", seg, ref);
  }
  if (!charge(padWords)) return fail(kTraversal, seg, ref);
  const uint64_t* pad = segs_[id].begin + pos;
  if (!doubleFar) {
    t = {pad[0], id, clamp(id, pos + 1 + offsetOf(pad[0]))};
    return true;
  }
  uint32_t id2 = upper(pad[0]);
  if (!knownSegment(id2)) {
    return fail("Message contains double-far pointer to unknown segment.", seg, ref);
  }
  if ((lower(pad[0]) & 3) != kFarKind) {
    return fail("Second word of double-far pad must be far pointer.", seg, ref);
  }
  t = {pad[1], id2, clamp(id2, static_cast<int64_t>(lower(pad[0]) >> 3))};
  return true;
}

// WireHelpers::totalSize: any pointer, of any kind the wire format allows.
bool Walk::generic(const uint64_t* ref, uint32_t seg, int s) {
  if (*ref == 0) return true;
  if (s <= 0) return fail(kTooDeepGeneric, seg, ref);
  --s;
  Target t{};
  if (!resolve(ref, seg, t)) return false;
  switch (lower(t.tag) & 3) {
    case kStructKind: {
      uint64_t dataWords = upper(t.tag) & 0xffff, pointerCount = upper(t.tag) >> 16;
      if (!readable(t, dataWords + pointerCount, "Message contained out-of-bounds struct pointer.",
                    seg, ref)) {
        return false;
      }
      const uint64_t* pointers = wordAt(t, static_cast<int64_t>(dataWords));
      for (uint64_t i = 0; i < pointerCount; ++i) {
        if (pointers[i] != 0 && !generic(pointers + i, t.segment, s)) return false;
      }
      return true;
    }
    case kListKind: return genericList(t, ref, seg, s);
    case kFarKind: return fail("Unexpected FAR pointer.", seg, ref);
    default:
      if (lower(t.tag) == kOtherKind) return true;  // a capability: totalSize counts it
      return fail("Unknown pointer type.", seg, ref);
  }
}

bool Walk::genericList(const Target& t, const uint64_t* ref, uint32_t seg, int s) {
  constexpr const char* kOut = "Message contained out-of-bounds list pointer.";
  uint8_t size = upper(t.tag) & 7;
  uint64_t count = upper(t.tag) >> 3;
  switch (size) {
    case kVoid: return true;
    case kPointer: {
      if (!readable(t, count, kOut, seg, ref)) return false;
      const uint64_t* elements = wordAt(t);
      for (uint64_t i = 0; i < count; ++i) {
        if (elements[i] != 0 && !generic(elements + i, t.segment, s)) return false;
      }
      return true;
    }
    case kComposite: {
      if (!readable(t, count + 1, kOut, seg, ref)) return false;
      uint64_t tag = *wordAt(t);
      if ((lower(tag) & 3) != kStructKind) {
        return fail("Don't know how to handle non-STRUCT inline composite.", seg, ref);
      }
      uint64_t n = elementCountOf(tag), dataWords = upper(tag) & 0xffff,
               pointerCount = upper(tag) >> 16;
      if ((dataWords + pointerCount) * n > count) {
        return fail("Struct list pointer's elements overran size.", seg, ref);
      }
      Elements e{reinterpret_cast<const uint8_t*>(wordAt(t, 1)),
                 (dataWords + pointerCount) * 64,
                 dataWords * 64,
                 static_cast<uint32_t>(pointerCount),
                 n,
                 t.segment};
      return genericElements(e, s);
    }
    default: return readable(t, (count * kDataBits[size] + 63) / 64, kOut, seg, ref);
  }
}

bool Walk::genericElements(const Elements& e, int s) {
  if (e.pointerCount == 0) return true;
  for (uint64_t i = 0; i < e.count; ++i) {
    StructView v = e.at(i);
    for (uint32_t j = 0; j < v.pointerCount; ++j) {
      if (v.pointers[j] != 0 && !generic(v.pointers + j, e.segment, s)) return false;
    }
  }
  return true;
}

bool Walk::typedPointer(const uint64_t* ref, uint32_t seg, const TypePlan& type, int n, int s) {
  switch (type.kind) {
    case Kind::kText: return typedBlob(ref, seg, true, s);
    case Kind::kData: return typedBlob(ref, seg, false, s);
    case Kind::kStruct: return typedStruct(ref, seg, type.inner, n, s);
    case Kind::kList:
    case Kind::kPrimitiveList: return typedList(ref, seg, type, n, s);
    case Kind::kNone:
    case Kind::kGroup: break;
  }
  DYNRR_ASSERT(false, "a group or nothing behind a pointer", static_cast<int>(type.kind));
  return false;
}

// readTextPointer / readDataPointer (which check no nesting; totalSize does).
bool Walk::typedBlob(const uint64_t* ref, uint32_t seg, bool text, int s) {
  if (*ref == 0) return true;
  if (s <= 0) return fail(kTooDeepGeneric, seg, ref);
  Target t{};
  if (!resolve(ref, seg, t)) return false;
  if ((lower(t.tag) & 3) != kListKind) {
    return fail(text ? "Message contains non-list pointer where text was expected."
                     : "Message contains non-list pointer where data was expected.",
                seg, ref);
  }
  if ((upper(t.tag) & 7) != kByte) {
    return fail(text ? "Message contains list pointer of non-bytes where text was expected."
                     : "Message contains list pointer of non-bytes where data was expected.",
                seg, ref);
  }
  uint64_t bytes = upper(t.tag) >> 3;
  if (!readable(t, (bytes + 7) / 8,
                text ? "Message contained out-of-bounds text pointer."
                     : "Message contained out-of-bounds data pointer.",
                seg, ref)) {
    return false;
  }
  if (text && (bytes == 0 || reinterpret_cast<const char*>(wordAt(t))[bytes - 1] != '\0')) {
    return fail("Message contains text that is not NUL-terminated.", seg, ref);
  }
  return true;
}

// readStructPointer.
bool Walk::typedStruct(const uint64_t* ref, uint32_t seg, uint32_t structIndex, int n, int s) {
  if (*ref == 0) return true;
  if (n <= 0) return fail(kTooDeep, seg, ref);
  Target t{};
  if (!resolve(ref, seg, t)) return false;
  if ((lower(t.tag) & 3) != kStructKind) {
    return fail("Message contains non-struct pointer where struct pointer was expected.", seg, ref);
  }
  uint64_t dataWords = upper(t.tag) & 0xffff, pointerCount = upper(t.tag) >> 16;
  if (!readable(t, dataWords + pointerCount, "Message contained out-of-bounds struct pointer.", seg,
                ref)) {
    return false;
  }
  StructView v{reinterpret_cast<const uint8_t*>(wordAt(t)), dataWords * 64,
               wordAt(t, static_cast<int64_t>(dataWords)), static_cast<uint32_t>(pointerCount),
               t.segment};
  return visitStruct(v, structIndex, n - 1, s - 1);
}

// readListPointer's checks of the list and of its element size against `expected`.
bool Walk::listElements(const Target& t, const uint64_t* ref, uint32_t seg, uint8_t expected,
                        Elements& e) {
  constexpr const char* kOut = "Message contains out-of-bounds list pointer.";
  uint8_t size = upper(t.tag) & 7;
  uint64_t count = upper(t.tag) >> 3;
  if (size == kComposite) {
    if (!readable(t, count + 1, kOut, seg, ref)) return false;
    uint64_t tag = *wordAt(t);
    if ((lower(tag) & 3) != kStructKind) {
      return fail("INLINE_COMPOSITE lists of non-STRUCT type are not supported.", seg, ref);
    }
    uint64_t n = elementCountOf(tag), dataWords = upper(tag) & 0xffff,
             pointerCount = upper(tag) >> 16;
    uint64_t perElement = dataWords + pointerCount;
    if (perElement * n > count) {
      return fail("INLINE_COMPOSITE list's elements overrun its word count.", seg, ref);
    }
    if (perElement == 0 && !charge(n)) return fail(kTraversal, seg, ref);
    if (expected == kBit) {
      return fail(
          "Found struct list where bit list was expected; upgrading boolean lists to "
          "structs is no longer supported.",
          seg, ref);
    }
    if (expected >= kByte && expected <= kEightBytes && dataWords == 0) {
      return fail("Expected a primitive list, but got a list of pointer-only structs.", seg, ref);
    }
    if (expected == kPointer && pointerCount == 0) {
      return fail("Expected a pointer list, but got a list of data-only structs.", seg, ref);
    }
    e = {reinterpret_cast<const uint8_t*>(wordAt(t, 1)),
         perElement * 64,
         dataWords * 64,
         static_cast<uint32_t>(pointerCount),
         n,
         t.segment};
    return true;
  }
  uint64_t step = kDataBits[size] + 64 * kPointers[size];
  if (!readable(t, (count * step + 63) / 64, kOut, seg, ref)) return false;
  if (size == kVoid && !charge(count)) return fail(kTraversal, seg, ref);
  if (size == kBit && expected != kBit) {
    return fail(
        "Found bit list where struct list was expected; upgrading boolean lists to "
        "structs is no longer supported.",
        seg, ref);
  }
  if (kDataBits[expected] > kDataBits[size] || kPointers[expected] > kPointers[size]) {
    return fail("Message contained list with incompatible element type.", seg, ref);
  }
  e = {reinterpret_cast<const uint8_t*>(wordAt(t)), step,  kDataBits[size],
       static_cast<uint32_t>(kPointers[size]),      count, t.segment};
  return true;
}

// readListPointer, then each element as the schema reads it: a struct element through
// getStructElement (one nesting level below its list), a pointer element (text, data, a
// list) as the first pointer of the element.
bool Walk::typedList(const uint64_t* ref, uint32_t seg, const TypePlan& type, int n, int s) {
  if (*ref == 0) return true;
  if (n <= 0) return fail(kTooDeep, seg, ref);
  Target t{};
  if (!resolve(ref, seg, t)) return false;
  if ((lower(t.tag) & 3) != kListKind) {
    return fail("Message contains non-list pointer where list pointer was expected.", seg, ref);
  }
  Elements e{};
  if (!listElements(t, ref, seg, type.listSize, e)) return false;
  int m = n - 1;  // the list reader's limit
  int sl = s - 1;
  if (type.kind == Kind::kPrimitiveList) return genericElements(e, sl);
  if (e.count > budget_) {
    return fail("more list elements than the chunk's size allows", seg, ref);
  }
  budget_ -= e.count;
  const TypePlan& elem = plan_.types[type.inner];
  if (elem.kind == Kind::kStruct) {
    if (e.count == 0) return true;
    if (m <= 0) return fail(kTooDeep, seg, ref);  // getStructElement, for any element
    if (e.pointerCount == 0) return true;
    for (uint64_t i = 0; i < e.count; ++i) {
      if (!visitStruct(e.at(i), elem.inner, m - 1, sl)) return false;
    }
    return true;
  }
  for (uint64_t i = 0; i < e.count; ++i) {
    StructView v = e.at(i);
    if (v.pointers[0] != 0 && !typedPointer(v.pointers, e.segment, elem, m, sl)) return false;
    for (uint32_t j = 1; j < v.pointerCount; ++j) {
      if (v.pointers[j] != 0 && !generic(v.pointers + j, e.segment, sl)) return false;
    }
  }
  return true;
}

// The types the struct's groups and active union member read their slots as (the plain
// fields' are in StructPlan::fixed, already copied into `expect`).
void Walk::expectFields(uint32_t structIndex, const StructView& v, const TypePlan** expect) const {
  const StructPlan& sp = plan_.structs[structIndex];
  auto place = [&](const FieldPlan& f) {
    if (f.type.kind == Kind::kGroup) {
      const StructPlan& group = plan_.structs[f.type.inner];
      for (uint32_t i = 0; i < group.slots; ++i)
        if (group.fixed[i] != nullptr) expect[i] = group.fixed[i];
      if (group.dynamic) expectFields(f.type.inner, v, expect);
    } else {
      expect[f.pointer] = &f.type;
    }
  };
  for (const FieldPlan& f : sp.plain)
    if (f.type.kind == Kind::kGroup) place(f);
  if (!sp.hasUnion) return;
  // StructReader::getDataField: a field past the data section reads as 0.
  uint16_t d = 0;
  if ((uint64_t{sp.discriminantOffset} + 1) * 16 <= v.dataBits) {
    std::memcpy(&d, v.data + 2 * uint64_t{sp.discriminantOffset}, sizeof d);
  }
  if (d < sp.byDiscriminant.size() && sp.byDiscriminant[d]) place(*sp.byDiscriminant[d]);
}

// A struct's pointers: the slots the schema reads (its active union member's included)
// as typed reads, every other slot as totalSize reads it.
bool Walk::visitStruct(const StructView& v, uint32_t structIndex, int n, int s) {
  if (v.pointerCount == 0) return true;
  const StructPlan& sp = plan_.structs[structIndex];
  const TypePlan* const* expect = sp.fixed.data();
  std::array<const TypePlan*, kMaxSlots> local;
  if (sp.dynamic) {
    std::copy_n(sp.fixed.begin(), sp.slots, local.begin());
    expectFields(structIndex, v, local.data());
    expect = local.data();
  }
  for (uint32_t i = 0; i < v.pointerCount; ++i) {
    const uint64_t* p = v.pointers + i;
    if (*p == 0) continue;
    const TypePlan* type = i < sp.slots ? expect[i] : nullptr;
    bool ok = false;
    if (type == nullptr) {
      ok = generic(p, v.segment, s);
    } else if (type->kind == Kind::kText) {
      ok = typedBlob(p, v.segment, true, s);
    } else {
      ok = typedPointer(p, v.segment, *type, n, s);
    }
    if (!ok) return false;
  }
  return true;
}

// The segment table of a message in the stream encoding (capnp's FlatArrayMessageReader).
bool readSegments(kj::ArrayPtr<const capnp::word> payload, std::vector<Segment>& out) {
  const auto* words = reinterpret_cast<const uint64_t*>(payload.begin());
  uint64_t size = payload.size();
  if (size == 0) return false;
  uint32_t first = 0;
  std::memcpy(&first, words, 4);
  uint64_t count = uint64_t{first} + 1;
  uint64_t tableWords = count / 2 + 1;
  if (tableWords > size) return false;
  uint64_t at = tableWords;
  out.resize(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint32_t segmentWords = 0;
    std::memcpy(&segmentWords, reinterpret_cast<const char*>(words) + 4 * (i + 1), 4);
    if (segmentWords > size - at) return false;
    out[i] = {words + at, segmentWords};
    at += segmentWords;
  }
  return true;
}

}  // namespace

WireFault checkMessage(kj::ArrayPtr<const capnp::word> payload, ChunkRoot root, WalkLimits limits,
                       uint64_t& budget) {
  const Plan& plan = Plan::instance();
  thread_local std::vector<Segment> segments;
  if (!readSegments(payload, segments)) {
    return WireFault{"Message ends prematurely in its segment table or segments.", 0, 0};
  }
  Walk walk(plan, segments.data(), static_cast<uint32_t>(segments.size()), limits.traversalWords,
            budget);
  walk.root(root == ChunkRoot::kTraceHeader ? plan.header : plan.chunk, limits.nestingLimit);
  return walk.fault();
}

}  // namespace dynrr::trace
