// capnp_reference_walk.cpp — the reader's validation before issue 20, kept as the
// reference the wire walk (core/trace/field_walk.cpp) is tested against: every field
// read through Cap'n Proto's own layout readers (the same reads, in the same order, as
// capnp::DynamicStruct makes), after capnp's totalSize(). See capnp_reference_walk.h.
#include "tests/core/trace/capnp_reference_walk.h"

#include <capnp/layout.h>
#include <capnp/schema.h>
#include <capnp/serialize.h>
#include <kj/debug.h>
#include <kj/exception.h>

#include <optional>
#include <utility>
#include <vector>

#include "core/support/assert.h"

namespace dynrr::trace::reference {

namespace {

namespace cs = capnp::schema;
using capnp::ElementSize;
using capnp::_::ListReader;
using capnp::_::PointerReader;
using capnp::_::StructReader;

enum class Kind : uint8_t {
  kText,
  kData,
  kStruct,
  kGroup,          // a group: the same struct data read through another schema
  kList,           // a list whose elements hold pointers (text, data, struct, list)
  kPrimitiveList,  // a list of primitives: reading it checks its element size only
};

struct TypePlan {
  Kind kind = Kind::kText;
  ElementSize listSize = ElementSize::VOID;  // kList, kPrimitiveList: the size expected
  uint32_t inner = 0;  // kStruct, kGroup: index of a StructPlan; kList: of the element type
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
};

// What DynamicList asks of a list pointer for elements of type `t` (dynamic.c++'s
// elementSizeFor).
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
  uint32_t chunkObjects = 0;  // pointer slot of EventChunk.objects
  std::vector<StructPlan> structs;
  std::vector<TypePlan> types;  // element types of lists (TypePlan::inner of a kList)

 private:
  Plan() {
    header = structIndex(capnp::Schema::from<schema::TraceHeader>());
    chunk = structIndex(capnp::Schema::from<schema::EventChunk>());
    chunkObjects = capnp::Schema::from<schema::EventChunk>()
                       .getFieldByName("objects")
                       .getProto()
                       .getSlot()
                       .getOffset();
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
    structs[index] = std::move(plan);
    return index;
  }

  std::optional<FieldPlan> fieldPlan(capnp::StructSchema::Field f) {
    auto proto = f.getProto();
    if (proto.isGroup()) {
      return FieldPlan{
          TypePlan{Kind::kGroup, ElementSize::VOID, structIndex(f.getType().asStruct())}, 0};
    }
    auto type = typePlan(f.getType());
    if (!type) return std::nullopt;
    return FieldPlan{*type, proto.getSlot().getOffset()};
  }

  // Null for types that hold no pointer.
  std::optional<TypePlan> typePlan(capnp::Type t) {
    switch (t.which()) {
      case cs::Type::TEXT: return TypePlan{Kind::kText, ElementSize::VOID, 0};
      case cs::Type::DATA: return TypePlan{Kind::kData, ElementSize::VOID, 0};
      case cs::Type::STRUCT:
        return TypePlan{Kind::kStruct, ElementSize::VOID, structIndex(t.asStruct())};
      case cs::Type::LIST: {
        auto elem = t.asList().getElementType();
        ElementSize size = elementSizeFor(elem.which());
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

void walkStruct(const Plan& plan, uint32_t index, const StructReader& s, uint64_t& budget);

void walkList(const Plan& plan, const TypePlan& type, const ListReader& list, uint64_t& budget) {
  if (list.size() > budget) {
    KJ_FAIL_REQUIRE("more list elements than the chunk's size allows", list.size());
  }
  budget -= list.size();
  auto n = capnp::unbound(list.size() / capnp::ELEMENTS);
  const TypePlan& elem = plan.types[type.inner];
  switch (elem.kind) {
    case Kind::kStruct:
      for (uint32_t i = 0; i < n; ++i)
        walkStruct(plan, elem.inner, list.getStructElement(capnp::bounded(i) * capnp::ELEMENTS),
                   budget);
      return;
    case Kind::kText:
      for (uint32_t i = 0; i < n; ++i)
        (void)list.getPointerElement(capnp::bounded(i) * capnp::ELEMENTS)
            .getBlob<capnp::Text>(nullptr, capnp::ZERO * capnp::BYTES);
      return;
    case Kind::kData:
      for (uint32_t i = 0; i < n; ++i)
        (void)list.getPointerElement(capnp::bounded(i) * capnp::ELEMENTS)
            .getBlob<capnp::Data>(nullptr, capnp::ZERO * capnp::BYTES);
      return;
    case Kind::kPrimitiveList:
      for (uint32_t i = 0; i < n; ++i)
        (void)list.getPointerElement(capnp::bounded(i) * capnp::ELEMENTS)
            .getList(elem.listSize, nullptr);
      return;
    case Kind::kList:
      for (uint32_t i = 0; i < n; ++i)
        walkList(plan, elem,
                 list.getPointerElement(capnp::bounded(i) * capnp::ELEMENTS)
                     .getList(elem.listSize, nullptr),
                 budget);
      return;
    case Kind::kGroup: break;
  }
  DYNRR_ASSERT(false, "a list of groups", static_cast<int>(elem.kind));
}

// A pointer field of type `type`. DynamicStruct asks has() (is the pointer non-null?)
// before get(); a null pointer reads as the type's empty default without any check, and
// a non-null one meets the same checks (far pointers included) in get() as in has(), so
// the walk calls the getter directly: one call into Cap'n Proto per pointer, not two.
void walkPointer(const Plan& plan, const TypePlan& type, const PointerReader& p, uint64_t& budget) {
  switch (type.kind) {
    case Kind::kText: (void)p.getBlob<capnp::Text>(nullptr, capnp::ZERO * capnp::BYTES); return;
    case Kind::kData: (void)p.getBlob<capnp::Data>(nullptr, capnp::ZERO * capnp::BYTES); return;
    case Kind::kStruct: walkStruct(plan, type.inner, p.getStruct(nullptr), budget); return;
    case Kind::kPrimitiveList: (void)p.getList(type.listSize, nullptr); return;
    case Kind::kList: walkList(plan, type, p.getList(type.listSize, nullptr), budget); return;
    case Kind::kGroup: break;
  }
  DYNRR_ASSERT(false, "a group behind a pointer", static_cast<int>(type.kind));
}

void walkField(const Plan& plan, const FieldPlan& f, const StructReader& s, uint64_t& budget) {
  if (f.type.kind == Kind::kGroup) {
    walkStruct(plan, f.type.inner, s, budget);
    return;
  }
  walkPointer(plan, f.type, s.getPointerField(capnp::bounded(f.pointer) * capnp::POINTERS), budget);
}

void walkStruct(const Plan& plan, uint32_t index, const StructReader& s, uint64_t& budget) {
  // A struct without a pointer section (a null pointer's default among them) reads every
  // pointer field, its groups' too, as the null default: nothing to check.
  if (s.getPointerSectionSize() == capnp::ZERO * capnp::POINTERS) return;
  const StructPlan& sp = plan.structs[index];
  for (const FieldPlan& f : sp.plain) walkField(plan, f, s, budget);
  if (sp.hasUnion) {
    uint16_t d = s.getDataField<uint16_t>(capnp::bounded(sp.discriminantOffset) * capnp::ELEMENTS);
    if (d < sp.byDiscriminant.size() && sp.byDiscriminant[d]) {
      walkField(plan, *sp.byDiscriminant[d], s, budget);
    }
  }
}

}  // namespace

namespace {

void readEveryField(schema::TraceHeader::Reader header, uint64_t& budget) {
  const Plan& plan = Plan::instance();
  walkStruct(plan, plan.header,
             capnp::_::PointerHelpers<schema::TraceHeader>::getInternalReader(header), budget);
}

void readEveryField(schema::EventChunk::Reader chunk, uint64_t& budget,
                    std::vector<schema::Object::Reader>& objects) {
  const Plan& plan = Plan::instance();
  const StructPlan& sp = plan.structs[plan.chunk];
  auto s = capnp::_::PointerHelpers<schema::EventChunk>::getInternalReader(chunk);
  if (s.getPointerSectionSize() == capnp::ZERO * capnp::POINTERS) return;
  DYNRR_ASSERT(!sp.hasUnion, "EventChunk has no union");
  // walkStruct's loop, but the objects list keeps each element it walks.
  for (const FieldPlan& f : sp.plain) {
    if (f.pointer != plan.chunkObjects || f.type.kind != Kind::kList) {
      walkField(plan, f, s, budget);
      continue;
    }
    const TypePlan& elem = plan.types[f.type.inner];
    DYNRR_ASSERT(elem.kind == Kind::kStruct, "EventChunk.objects is a list of structs");
    auto list = s.getPointerField(capnp::bounded(f.pointer) * capnp::POINTERS)
                    .getList(f.type.listSize, nullptr);
    if (list.size() > budget) {
      KJ_FAIL_REQUIRE("more list elements than the chunk's size allows", list.size());
    }
    budget -= list.size();
    auto n = capnp::unbound(list.size() / capnp::ELEMENTS);
    objects.reserve(objects.size() + n);
    for (uint32_t i = 0; i < n; ++i) {
      auto object = list.getStructElement(capnp::bounded(i) * capnp::ELEMENTS);
      walkStruct(plan, elem.inner, object, budget);
      objects.emplace_back(object);
    }
  }
}

}  // namespace

bool acceptsMessage(kj::ArrayPtr<const capnp::word> payload, bool header,
                    const capnp::ReaderOptions& options, std::string* why) {
  try {
    capnp::FlatArrayMessageReader message(payload, options);
    uint64_t budget = payload.size() * 8 + 1024;
    if (header) {
      auto root = message.getRoot<schema::TraceHeader>();
      root.totalSize();
      readEveryField(root, budget);
    } else {
      auto root = message.getRoot<schema::EventChunk>();
      root.totalSize();
      std::vector<schema::Object::Reader> objects;
      readEveryField(root, budget, objects);
    }
    return true;
  } catch (const kj::Exception& e) {
    if (why != nullptr) *why = e.getDescription().cStr();
    return false;
  }
}

}  // namespace dynrr::trace::reference
