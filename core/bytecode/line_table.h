// line_table.h — the CPython 3.11 location table (co_linetable): offsets to source
// lines and column positions.
//
// Mirrors Objects/codeobject.c in 3.11: lineiter_next / _PyLineTable_NextAddressRange
// (code.co_lines()) and positionsiter_next / advance_with_locations
// (code.co_positions()); the format is described in Objects/locations.md.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/support/error.h"

namespace dynrr::bytecode {

// One entry of co_lines(): bytes [start, end) belong to `line` (nullopt: no line).
struct LineRange {
  uint32_t start = 0;
  uint32_t end = 0;
  std::optional<int32_t> line;
  bool operator==(const LineRange&) const = default;
};

// One entry of co_positions(), for one code unit; nullopt where Python gives None.
struct Positions {
  std::optional<int32_t> line;
  std::optional<int32_t> endLine;
  std::optional<int32_t> column;
  std::optional<int32_t> endColumn;
  bool operator==(const Positions&) const = default;
};

// One entry of the location table: code bytes [start, end) and where they come from.
struct LocationEntry {
  uint32_t start = 0;
  uint32_t end = 0;
  std::optional<int32_t> line;  // as co_lines() gives it (None for no line / negative)
  Positions positions;          // as co_positions() gives it for each unit of the entry
};

// The whole table, one element per entry. Error (naming the byte) when an entry is
// truncated or does not start with bit 7 set.
Expected<std::vector<LocationEntry>> decodeLocationTable(std::string_view linetable,
                                                         uint32_t firstlineno);

// code.co_lines(): one range per table entry, empty ranges skipped. Error when an entry
// is truncated.
Expected<std::vector<LineRange>> decodeLines(std::string_view linetable, uint32_t firstlineno);

// code.co_positions(): one element per code unit the table covers (CPython stops when
// the table ends, even before the code does). Error when an entry is truncated.
Expected<std::vector<Positions>> decodePositions(std::string_view linetable, uint32_t firstlineno);

// PyCode_Addr2Line: the line of the co_lines() range holding byte `offset`; nullopt when
// that range has no line or the offset is past the table.
std::optional<int32_t> addr2line(const std::vector<LineRange>& lines, uint32_t offset);

// dis.findlinestarts(): (offset, line) where a new line starts, from co_lines().
std::vector<std::pair<uint32_t, int32_t>> findLineStarts(const std::vector<LineRange>& lines);

}  // namespace dynrr::bytecode
