// python_repr.h — CPython's repr() for the constants an FX graph prints.
//
// Mirrors float_repr (Objects/floatobject.c, 'r' format with Py_DTSF_ADD_DOT_0) and
// unicode_repr (Objects/unicodeobject.c) of CPython 3.11, and the handful of torch
// reprs FX's CodeGen._get_repr falls back to (torch.dtype, torch.device, torch.Size).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dynrr::graph {

// repr(float): shortest round-trip digits; "1.0", "1e-05", "1e+16", "inf", "-inf", "nan".
std::string pythonFloatRepr(double value);

// repr(str) for UTF-8 text: single quotes unless the text holds ' and no ", escapes
// \\, the quote, \t \n \r and other control characters (\xNN). Non-ASCII is kept.
std::string pythonStringRepr(std::string_view text);

// repr(torch.device(type, index)): "device(type='cpu')", "device(type='cuda', index=0)".
std::string pythonDeviceRepr(std::string_view type, std::optional<int64_t> index);

// repr(torch.Size([...])): "torch.Size([2, 3])".
std::string pythonSizeRepr(const std::vector<int64_t>& sizes);

}  // namespace dynrr::graph
