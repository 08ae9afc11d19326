// code_object.h — a CPython 3.11 code object as a plain C++ value, read from a trace.
//
// Mirrors CPython 3.11's PyCodeObject (Include/cpython/code.h) as the trace stores it
// (schema::Code): every field, byte-exact. Constants stay trace ObjRefs; their values
// live in the trace heap (see py_repr.h to print them).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/support/error.h"
#include "core/trace/trace_reader.h"

namespace dynrr::bytecode {

// co_flags bits (Include/cpython/code.h).
enum CodeFlag : uint32_t {
  kCoOptimized = 0x0001,
  kCoNewLocals = 0x0002,
  kCoVarargs = 0x0004,
  kCoVarkeywords = 0x0008,
  kCoNested = 0x0010,
  kCoGenerator = 0x0020,
  kCoNoFree = 0x0040,
  kCoCoroutine = 0x0080,
  kCoIterableCoroutine = 0x0100,
  kCoAsyncGenerator = 0x0200,
};

// _co_localspluskinds bits.
enum LocalKind : uint8_t {
  kFastLocal = 0x20,
  kFastCell = 0x40,
  kFastFree = 0x80,
};

// Value type: copyable, movable, owns its bytes.
struct CodeObject {
  uint32_t argcount = 0;
  uint32_t posonlyargcount = 0;
  uint32_t kwonlyargcount = 0;
  uint32_t nlocals = 0;
  uint32_t stacksize = 0;
  uint32_t flags = 0;
  uint32_t firstlineno = 0;
  std::string code;                   // co_code: 2-byte code units (caches included)
  std::vector<trace::ObjRef> consts;  // co_consts, as refs into the trace heap
  std::vector<std::string> names;     // co_names
  std::vector<std::string> varnames;  // co_varnames
  std::vector<std::string> freevars;  // co_freevars
  std::vector<std::string> cellvars;  // co_cellvars
  std::string filename;
  std::string name;
  std::string qualname;
  std::string linetable;                     // co_linetable (3.11 location table)
  std::string exceptiontable;                // co_exceptiontable
  std::vector<std::string> localsplusnames;  // _co_localsplusnames
  std::string localspluskinds;               // _co_localspluskinds, one byte per name

  // Number of 2-byte code units in `code` (rounded down).
  size_t codeUnits() const { return code.size() / 2; }
};

// Rebuilds localsplusnames/localspluskinds from varnames, cellvars and freevars the way
// the 3.11 compiler lays them out (compute_localsplus_info): varnames (a parameter that
// is also a cell keeps its slot, kind LOCAL|CELL), the other cellvars, then freevars.
void rebuildLocalsPlus(CodeObject& code);

// Reads the code object at `ref`. A trace whose code lacks both localsplus fields gets
// them rebuilt (rebuildLocalsPlus); one with names but no kinds (3.11 hides the kinds
// from Python) gets each kind derived from varnames, cellvars and freevars. Errors (naming the ref)
// when the ref is invalid or not a code object, or when the fields are inconsistent:
// localsplusnames and localspluskinds of different lengths, or a const ref outside the heap.
Expected<CodeObject> codeFromTrace(const trace::TraceReader& trace, trace::ObjRef ref);

}  // namespace dynrr::bytecode
