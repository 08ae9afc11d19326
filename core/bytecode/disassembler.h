// disassembler.h — text disassembly of CPython 3.11 code objects, byte for byte what
// Python 3.11's dis module prints for the same code object.
//
// Mirrors dis.dis / dis._disassemble_recursive, dis.disassemble (with lasti),
// dis._disassemble_bytes and dis.Instruction._disassemble of CPython 3.11.7, including
// show_caches and adaptive. Where CPython prints an object address ("<code object f at
// 0x7f...>") the text holds whatever ConstRepr gives; tests normalise addresses.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/bytecode/code_object.h"
#include "core/support/error.h"
#include "core/trace/trace_reader.h"

namespace dynrr::bytecode {

// How the disassembler reaches constants. Both callables must be set; they are called
// only while disassemble() runs.
struct ConstRepr {
  // repr() of the constant at a heap ref (LOAD_CONST's argument, "Disassembly of ...").
  std::function<std::string(trace::ObjRef)> repr;
  // The code object at a heap ref, or nullopt if that constant is not a code object.
  // An Error (a code constant that does not decode) fails the whole disassembly.
  std::function<Expected<std::optional<CodeObject>>(trace::ObjRef)> nestedCode;
};

// ConstRepr over a trace: pyRepr and codeFromTrace. Holds a reference to `trace`.
ConstRepr traceConstRepr(const trace::TraceReader& trace);

struct DisassembleOptions {
  bool showCaches = false;  // dis show_caches: print CACHE entries
  bool adaptive = false;    // dis adaptive: print specialized opcodes as stored; when
                            // false, specialized opcodes print as their base (co_code)
  bool recursive = true;    // dis.dis: also disassemble nested code constants
  std::optional<uint32_t> currentOffset;  // lasti: mark this offset with "-->"
  int maxDepth = 32;                      // recursion bound (hostile traces can nest deeply)
};

// dis.dis(code) (or dis.disassemble(code, lasti) when recursive is false). Error when
// the code, its tables or a nested code object do not decode.
Expected<std::string> disassembleChecked(const CodeObject& code, const ConstRepr& consts,
                                         const DisassembleOptions& options = {});

// Same, but never fails: a malformed code object gives one line "<cannot disassemble:
// REASON>".
std::string disassemble(const CodeObject& code, const ConstRepr& consts,
                        const DisassembleOptions& options = {});

// dis.disassemble(code, lasti=currentOffset): this code object only, the instruction at
// currentOffset marked "-->" (none marked when nullopt or not an instruction offset).
std::string disassemble(const CodeObject& code, const ConstRepr& consts,
                        std::optional<uint32_t> currentOffset);

}  // namespace dynrr::bytecode
