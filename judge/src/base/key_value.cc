#include "judge/base/key_value.h"

namespace judge {
namespace {

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

std::pair<std::string, std::string> SplitLine(std::string_view line, char separator) {
  std::size_t at = separator == ' ' ? line.find_first_of(" \t") : line.find(separator);
  if (at == std::string_view::npos) return {std::string(Trim(line)), std::string()};
  return {std::string(Trim(line.substr(0, at))), std::string(Trim(line.substr(at + 1)))};
}

}  // namespace

std::string FormatKeyValueLines(const KeyValues& pairs) {
  std::string out;
  for (const auto& [k, v] : pairs) {
    out += k;
    out += '=';
    out += v;
    out += '\n';
  }
  return out;
}

KeyValues ParseKeyValueLines(std::string_view text, char separator) {
  KeyValues out;
  while (!text.empty()) {
    std::size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    if (Trim(line).empty()) continue;
    out.push_back(SplitLine(line, separator));
  }
  return out;
}

std::optional<std::string> FindKeyValue(std::string_view text, std::string_view key, char separator) {
  for (auto& [k, v] : ParseKeyValueLines(text, separator))
    if (k == key) return std::move(v);
  return std::nullopt;
}

std::optional<std::pair<std::string, std::string>> SplitKeyValue(std::string_view kv) {
  std::size_t eq = kv.find('=');
  if (eq == std::string_view::npos || eq == 0) return std::nullopt;
  return std::make_pair(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)));
}

}  // namespace judge
