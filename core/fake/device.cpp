// device.cpp — parsing torch device strings (c10::Device(const std::string&)).
#include "core/fake/device.h"

#include <cctype>

namespace dynrr::fake {

std::optional<Device> Device::parse(std::string_view text) {
  Device device;
  auto colon = text.find(':');
  std::string_view type = text.substr(0, colon);
  if (type != "cpu" && type != "cuda" && type != "meta" && type != "mps" && type != "xpu") {
    return std::nullopt;
  }
  device.type = std::string(type);
  if (colon != std::string_view::npos) {
    std::string_view idx = text.substr(colon + 1);
    if (idx.empty() || idx.size() > 4) return std::nullopt;
    int value = 0;
    for (char c : idx) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
      value = value * 10 + (c - '0');
    }
    device.index = value;
  }
  return device;
}

}  // namespace dynrr::fake
