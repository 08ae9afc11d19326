// guard.h — one guard as Dynamo installs it: a GuardBuilder method (the kind) applied to
// a source, plus what the guard checks where the kind leaves it open (TENSOR_MATCH's
// dtype, device, requires_grad, sizes and strides). Mirrors torch/_guards.py Guard and
// the method names of torch/_dynamo/guards.py GuardBuilder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dynrr::guards {

// Every GuardBuilder method of torch 2.13, in the order guards.py defines them.
#define DYNRR_GUARD_KINDS(X)        \
  X(HASATTR)                        \
  X(NOT_PRESENT_IN_GENERIC_DICT)    \
  X(TYPE_MATCH)                     \
  X(FAKE_SCRIPT_TYPE_MATCH)         \
  X(DICT_VERSION)                   \
  X(DICT_CONTAINS)                  \
  X(DICT_NOT_CONTAINS)              \
  X(SET_CONTAINS)                   \
  X(SET_NOT_CONTAINS)               \
  X(BOOL_MATCH)                     \
  X(NONE_MATCH)                     \
  X(ID_MATCH)                       \
  X(NOT_NONE_MATCH)                 \
  X(DISPATCH_KEY_SET_MATCH)         \
  X(DUAL_LEVEL)                     \
  X(FUNCTORCH_STACK_MATCH)          \
  X(AUTOGRAD_SAVED_TENSORS_HOOKS)   \
  X(TENSOR_SUBCLASS_METADATA_MATCH) \
  X(DTENSOR_SPEC_MATCH)             \
  X(OPAQUE_OBJ_GUARD_FN_MATCH)      \
  X(EQUALS_MATCH)                   \
  X(CONSTANT_MATCH)                 \
  X(CONSTANT_SUBCLASS_MATCH)        \
  X(NN_MODULE)                      \
  X(FUNCTION_MATCH)                 \
  X(CLASS_MATCH)                    \
  X(MODULE_MATCH)                   \
  X(CLOSURE_MATCH)                  \
  X(BUILTIN_MATCH)                  \
  X(SEQUENCE_LENGTH)                \
  X(TUPLE_ITERATOR_LEN)             \
  X(RANGE_ITERATOR_MATCH)           \
  X(COUNT_ITERATOR_MATCH)           \
  X(DUPLICATE_INPUT)                \
  X(WEAKREF_ALIVE)                  \
  X(MAPPING_KEYS_CHECK)             \
  X(DICT_KEYS_MATCH)                \
  X(EMPTY_NN_MODULE_HOOKS_DICT)     \
  X(GRAD_MODE)                      \
  X(DETERMINISTIC_ALGORITHMS)       \
  X(FSDP_TRAINING_STATE)            \
  X(GLOBAL_STATE)                   \
  X(TORCH_FUNCTION_STATE)           \
  X(DEFAULT_DEVICE)                 \
  X(SHAPE_ENV)                      \
  X(TENSOR_MATCH)

enum class GuardKind : uint8_t {
#define DYNRR_GUARD_KIND_ENUM(name) name,
  DYNRR_GUARD_KINDS(DYNRR_GUARD_KIND_ENUM)
#undef DYNRR_GUARD_KIND_ENUM
};

inline constexpr size_t kGuardKindCount = 0
#define DYNRR_GUARD_KIND_COUNT(name) +1
    DYNRR_GUARD_KINDS(DYNRR_GUARD_KIND_COUNT)
#undef DYNRR_GUARD_KIND_COUNT
    ;

// The GuardBuilder method name ("TENSOR_MATCH"), as the recorder stores it.
const char* guardKindName(GuardKind kind);
// The kind of a recorded name; nullopt for a name torch 2.13 does not have.
std::optional<GuardKind> parseGuardKind(std::string_view name);

struct Guard {
  GuardKind kind;
  std::string source;      // the source's name ("L['x']"); "" for the ambient guards
  std::string detail;      // TENSOR_MATCH: what it checks (see tensorMatchDetail); else ""
  bool discarded = false;  // removed again (GuardSet::discard); kept for checkpoints
};

}  // namespace dynrr::guards
