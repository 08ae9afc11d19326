// device.h — torch.device as a value type ("cpu", "cuda:0").
//
// Mirrors c10::Device: a device type name and an optional index (-1 = none).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dynrr::fake {

struct Device {
  std::string type = "cpu";
  int index = -1;  // -1: no index, as torch.device("cpu")

  // "cpu" or "cuda:0", as str(torch.device) prints.
  std::string str() const { return index < 0 ? type : type + ":" + std::to_string(index); }
  // Parses "cpu", "cuda", "cuda:1"; nullopt on anything else.
  static std::optional<Device> parse(std::string_view text);

  friend bool operator==(const Device&, const Device&) = default;
};

}  // namespace dynrr::fake
