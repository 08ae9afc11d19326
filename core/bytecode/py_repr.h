// py_repr.h — Python's repr() of trace heap objects, as CPython 3.11 prints them.
//
// Mirrors object_repr for the constant types a code object can hold, exactly:
// None/True/False/Ellipsis, int (long_to_decimal_string), float (float_repr:
// shortest round-trip, PyOS_double_to_string 'r'), complex (complex_repr), str
// (unicode_repr: quote choice, escapes, str.isprintable per Unicode 14), bytes
// (bytes_repr), tuple, frozenset, and code objects (code_repr). Other heap objects
// get a best-effort repr in Python's style (list, dict, set, slice, range, torch.Size,
// dtype, device ...); objects whose repr needs a live address or interpreter state
// (functions, classes, instances) print a stable stand-in of the same shape.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/trace/trace_reader.h"

namespace dynrr::bytecode {

// repr(obj) for the heap object `ref`; "<invalid ref N>" for a ref outside the heap.
// Cycles print as Python prints them ("[...]", "{...}"). Code objects and other
// address-bearing reprs use "0x" followed by the ref in hex where CPython prints the
// object's address.
std::string pyRepr(const trace::TraceReader& trace, trace::ObjRef ref);

// The pieces, for callers that hold plain values.
std::string floatRepr(double value);                // repr(float)
std::string complexRepr(double real, double imag);  // repr(complex)
std::string strRepr(std::string_view utf8);         // repr(str); surrogates allowed
std::string bytesRepr(std::string_view bytes);      // repr(bytes)
// repr(int) of a magnitude given little-endian (schema::BigInt).
std::string bigIntRepr(bool negative, std::string_view magnitudeLittleEndian);
// code_repr: <code object NAME at 0xADDR, file "FILE", line N>.
std::string codeRepr(std::string_view name, std::string_view filename, uint32_t firstlineno,
                     uint64_t address);

}  // namespace dynrr::bytecode
