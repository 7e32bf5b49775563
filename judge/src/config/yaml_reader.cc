#include "yaml_reader.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <set>

#include "judge/base/files.h"

namespace judge {
namespace {

std::string JoinKeys(const std::vector<std::string>& keys) {
  std::string out;
  for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k;
  return out;
}

// A plain scalar that is a YAML null spelled out ("~", "null") reads as Null already;
// everything else is text.
bool ParseInt(const std::string& text, int64_t* value) {
  if (text.empty()) return false;
  size_t i = (text[0] == '-' || text[0] == '+') ? 1 : 0;
  if (i == text.size()) return false;
  for (size_t j = i; j < text.size(); ++j)
    if (text[j] < '0' || text[j] > '9') return false;
  errno = 0;
  char* end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return false;
  *value = v;
  return true;
}

bool ParseNumber(const std::string& text, double* value) {
  if (text.empty()) return false;
  // strtod also takes "inf", "nan" and hex floats; the schema wants plain decimals.
  for (char c : text)
    if (!((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+')) return false;
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (*end != '\0' || errno == ERANGE || !std::isfinite(v)) return false;
  *value = v;
  return true;
}

// yaml-cpp's messages may quote bytes of the file: keep the line printable.
std::string Printable(const std::string& s) {
  std::string out;
  for (char c : s) out += (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7f) ? '?' : c;
  return out;
}

}  // namespace

std::string Quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += '?';
    } else {
      out += c;
    }
  }
  return out + '"';
}

std::string Describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Undefined: return "nothing";
    case YAML::NodeType::Null: return "an empty value";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a map";
    case YAML::NodeType::Scalar: return Quote(node.Scalar());
  }
  return "an unknown node";
}

Result<YAML::Node> ParseYamlFile(const std::string& file) {
  Result<std::string> text = fs::ReadFile(file, 16 << 20);
  if (!text.ok()) return text.status();
  try {
    return YAML::Load(*text);
  } catch (const YAML::ParserException& e) {
    return Status::InvalidArgument(file + ": line " + std::to_string(e.mark.line + 1) + ", column " +
                                   std::to_string(e.mark.column + 1) + ": expected valid YAML, found " +
                                   Printable(e.msg));
  } catch (const YAML::Exception& e) {
    return Status::InvalidArgument(file + ": expected valid YAML, found " + Printable(e.msg));
  }
}

Status YamlReader::Error(const std::string& key, const std::string& expected, const YAML::Node& found) const {
  return Status::InvalidArgument(file_ + ": " + key + ": expected " + expected + ", found " + Describe(found));
}

Status YamlReader::Error(const std::string& key, const std::string& message) const {
  return Status::InvalidArgument(file_ + ": " + key + ": " + message);
}

Status YamlReader::Missing(const std::string& key, const std::string& expected) const {
  return Error(key, "expected " + expected + ", found nothing (required)");
}

Result<YamlEntries> YamlReader::Map(const std::string& key, const YAML::Node& node,
                                    const std::vector<std::string>& allowed) const {
  if (!node.IsMap())
    return Error(key.empty() ? "(top level)" : key,
                 "a map" + (allowed.empty() ? std::string() : " with keys " + JoinKeys(allowed)), node);
  YamlEntries entries;
  std::set<std::string> seen;
  for (auto it = node.begin(); it != node.end(); ++it) {
    // *it is a proxy value: copy the nodes out (references to it->first dangle).
    const YAML::detail::iterator_value entry = *it;
    const YAML::Node k = entry.first;
    const YAML::Node v = entry.second;
    std::string where = key.empty() ? std::string("(top level)") : key;
    if (!k.IsScalar()) return Error(where, "keys that are plain names", k);
    std::string name = k.Scalar();
    std::string path = key.empty() ? name : key + "." + name;
    if (!allowed.empty() && std::find(allowed.begin(), allowed.end(), name) == allowed.end())
      return Error(path, "unknown key (expected one of " + JoinKeys(allowed) + ")");
    if (!seen.insert(name).second) return Error(path, "key given twice");
    entries.emplace_back(name, v);
  }
  return entries;
}

Status ErrorList::ToStatus() const {
  if (lines_.empty()) return Status::Ok();
  std::string all;
  for (const auto& l : lines_) all += (all.empty() ? "" : "\n") + l;
  return Status::InvalidArgument(all);
}

YamlEntries YamlReader::MapAll(const std::string& key, const YAML::Node& node, const std::vector<std::string>& allowed,
                               ErrorList* errors) const {
  YamlEntries entries;
  const std::string where = key.empty() ? std::string("(top level)") : key;
  if (!node.IsMap()) {
    errors->Add(Error(where, "a map" + (allowed.empty() ? std::string() : " with keys " + JoinKeys(allowed)), node));
    return entries;
  }
  // Linear in the keys (a set of the allowed ones, one of those seen), and one line
  // for all the unknown keys however many there are: a problem.yaml of 400,000 of
  // them is one note, not 400,000 that each list the known keys.
  const std::set<std::string> known(allowed.begin(), allowed.end());
  std::set<std::string> seen;
  std::vector<std::string> unknown;
  int64_t unknown_count = 0;
  for (auto it = node.begin(); it != node.end(); ++it) {
    const YAML::detail::iterator_value entry = *it;  // a proxy: copy the nodes out
    const YAML::Node k = entry.first;
    const YAML::Node v = entry.second;
    if (!k.IsScalar()) {
      errors->Add(Error(where, "keys that are plain names", k));
      continue;
    }
    std::string name = k.Scalar();
    if (warnings_ && v.IsNull()) continue;  // `key:` with no value: absent
    if (!known.empty() && known.count(name) == 0) {
      if (unknown.size() < kUnknownKeysNamed) unknown.push_back(name);
      ++unknown_count;
      continue;
    }
    if (!seen.insert(name).second) {
      errors->Add(Error(key.empty() ? name : key + "." + name, "key given twice"));
      continue;
    }
    entries.emplace_back(name, v);
  }
  if (unknown_count > 0) ReportUnknownKeys(key, unknown, unknown_count, allowed, errors);
  return entries;
}

void YamlReader::ReportUnknownKeys(const std::string& key, const std::vector<std::string>& first, int64_t count,
                                   const std::vector<std::string>& allowed, ErrorList* errors) const {
  if (count == 1) {
    const std::string path = key.empty() ? first.front() : key + "." + first.front();
    if (warnings_)
      warnings_->push_back(file_ + ": " + path + ": unknown key, ignored (known: " + JoinKeys(allowed) + ")");
    else
      errors->Add(Error(path, "unknown key (expected one of " + JoinKeys(allowed) + ")"));
    return;
  }
  std::string names;
  for (const auto& n : first) names += (names.empty() ? "" : ", ") + Quote(n.substr(0, 80));
  if (count > static_cast<int64_t>(first.size())) names += ", ...";
  const std::string what = std::to_string(count) + " unknown keys, first: " + names;
  const std::string where = key.empty() ? std::string("(top level)") : key;
  if (warnings_)
    warnings_->push_back(file_ + ": " + where + ": " + what + "; ignored (known: " + JoinKeys(allowed) + ")");
  else
    errors->Add(Error(where, what + " (expected one of " + JoinKeys(allowed) + ")"));
}

Result<std::string> YamlReader::String(const std::string& key, const YAML::Node& node) const {
  if (!node.IsScalar()) return Error(key, "a string", node);
  return node.Scalar();
}

Result<std::vector<std::string>> YamlReader::StringList(const std::string& key, const YAML::Node& node) const {
  if (!node.IsSequence()) return Error(key, "a list of strings", node);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < node.size(); ++i) {
    if (!node[i].IsScalar()) return Error(key + "[" + std::to_string(i) + "]", "a string", node[i]);
    out.push_back(node[i].Scalar());
  }
  return out;
}

Result<int64_t> YamlReader::Int(const std::string& key, const YAML::Node& node, int64_t min, int64_t max) const {
  std::string expected = "an integer " + std::to_string(min) + ".." + std::to_string(max);
  int64_t v = 0;
  if (!node.IsScalar() || !ParseInt(node.Scalar(), &v) || v < min || v > max) return Error(key, expected, node);
  return v;
}

Result<double> YamlReader::NonNegativeNumber(const std::string& key, const YAML::Node& node) const {
  double v = 0;
  if (!node.IsScalar() || !ParseNumber(node.Scalar(), &v) || v < 0) return Error(key, "a non-negative number", node);
  return v;
}

Result<double> YamlReader::Number(const std::string& key, const YAML::Node& node, double min, double max,
                                  const std::string& expected) const {
  double v = 0;
  if (!node.IsScalar() || !ParseNumber(node.Scalar(), &v) || v < min || v > max) return Error(key, expected, node);
  return v;
}

Result<bool> YamlReader::Bool(const std::string& key, const YAML::Node& node) const {
  if (node.IsScalar()) {
    const std::string& s = node.Scalar();
    static const std::set<std::string> kTrue = {"true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON",
                                                "y", "Y"};
    static const std::set<std::string> kFalse = {"false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF",
                                                 "n", "N"};
    if (kTrue.count(s)) return true;
    if (kFalse.count(s)) return false;
  }
  return Error(key, "true or false", node);
}

Result<std::vector<std::string>> YamlReader::StringOrList(const std::string& key, const YAML::Node& node) const {
  if (node.IsScalar()) return std::vector<std::string>{node.Scalar()};
  if (!node.IsSequence()) return Error(key, "a string or a list of strings", node);
  return StringList(key, node);
}

Result<std::string> YamlReader::FileName(const std::string& key, const YAML::Node& node) const {
  const char* expected = "a file name without '/'";
  if (!node.IsScalar()) return Error(key, expected, node);
  const std::string& s = node.Scalar();
  bool ok = !s.empty() && s != "." && s != ".." && s.find('/') == std::string::npos;
  for (char c : s) ok = ok && static_cast<unsigned char>(c) >= 0x20;
  if (!ok) return Error(key, expected, node);
  return s;
}

Result<std::string> YamlReader::Identifier(const std::string& key, const YAML::Node& node) const {
  const char* expected = "a name of letters, digits, '-', '_' or '.'";
  if (!node.IsScalar()) return Error(key, expected, node);
  const std::string& s = node.Scalar();
  bool ok = !s.empty() && s[0] != '.';
  for (char c : s)
    ok = ok && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
                c == '.');
  if (!ok) return Error(key, expected, node);
  return s;
}

}  // namespace judge
