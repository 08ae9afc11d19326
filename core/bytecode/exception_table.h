// exception_table.h — the CPython 3.11 exception table (co_exceptiontable).
//
// Mirrors dis._parse_exception_table and Objects/exception_handling_notes.txt: each
// entry is five big-endian 6-bit varints (0x40 = more groups follow; the first byte of
// an entry also has bit 7 set): start, length, target (in code units), and depth<<1|lasti.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/support/error.h"

namespace dynrr::bytecode {

// Offsets are in bytes; the entry covers [start, end).
struct ExceptionTableEntry {
  uint32_t start = 0;
  uint32_t end = 0;
  uint32_t target = 0;
  uint32_t depth = 0;
  bool lasti = false;
  bool operator==(const ExceptionTableEntry&) const = default;
};

// Parses the whole table. Error (naming the byte offset) on an entry cut short, and,
// when codeBytes is given, on a start, end or target outside the code.
Expected<std::vector<ExceptionTableEntry>> parseExceptionTable(std::string_view table,
                                                               size_t codeBytes = SIZE_MAX);

// The handler for the instruction at `offset`, as the interpreter looks it up
// (get_exception_handler): the first entry whose range holds the offset, or nullptr.
const ExceptionTableEntry* findHandler(const std::vector<ExceptionTableEntry>& table,
                                       uint32_t offset);

}  // namespace dynrr::bytecode
