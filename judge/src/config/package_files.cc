// Files of a package besides problem.yaml and the tests: DOMjudge's time limit files
// and the package's own programs (see problem_parts.h).
#include <algorithm>
#include <cstring>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <system_error>

#include "judge/base/files.h"
#include "problem_parts.h"

namespace judge {

namespace fs_std = std::filesystem;

bool InsidePackage(const std::string& dir, const std::string& path) {
  std::error_code ec;
  fs_std::path root = fs_std::canonical(dir, ec);
  if (ec) return false;
  fs_std::path target = fs_std::canonical(path, ec);
  if (ec) return false;
  auto r = root.begin();
  auto t = target.begin();
  for (; r != root.end(); ++r, ++t)
    if (t == target.end() || *r != *t) return false;
  return true;
}

namespace config {
namespace {

// Seconds as DOMjudge writes them ("2", "1.5"); ms, or nullopt when not a number > 0.
std::optional<int64_t> ParseSeconds(std::string text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  std::size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  text = text.substr(start);
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\'') && text.back() == text.front())
    text = text.substr(1, text.size() - 2);
  if (text.empty()) return std::nullopt;
  for (char c : text)
    if (!((c >= '0' && c <= '9') || c == '.')) return std::nullopt;
  char* end = nullptr;
  double s = std::strtod(text.c_str(), &end);
  if (*end != '\0' || !(s > 0) || s > 600) return std::nullopt;
  return std::max<int64_t>(1, std::llround(s * 1000));
}

// `key = value` lines of domjudge-problem.ini (values may be quoted).
std::optional<std::string> IniValue(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    std::string k = line.substr(0, eq);
    k.erase(0, k.find_first_not_of(" \t"));
    k.erase(k.find_last_not_of(" \t\r") + 1);
    if (k != key) continue;
    std::string v = line.substr(eq + 1);
    v.erase(0, v.find_first_not_of(" \t"));
    v.erase(v.find_last_not_of(" \t\r") + 1);
    if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
    return v;
  }
  return std::nullopt;
}

}  // namespace

Result<std::optional<int64_t>> ReadDomjudgeTimeLimit(const std::string& dir, TimeLimitSource* source,
                                                     std::string* ini_name) {
  const std::string ini = JoinPath(dir, "domjudge-problem.ini");
  std::optional<int64_t> from_ini;
  if (fs::Exists(ini)) {
    JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(ini, 1 << 20));
    if (auto name = IniValue(text, "name"); name && ini_name) *ini_name = *name;
    if (auto value = IniValue(text, "timelimit")) {
      from_ini = ParseSeconds(*value);
      if (!from_ini)
        return Status::InvalidArgument(ini + ": timelimit: expected a number of seconds 0.001..600, found \"" +
                                       *value + "\"");
    }
  }
  const std::string file = JoinPath(dir, ".timelimit");
  if (fs::Exists(file)) {
    JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(file, 4096));
    std::optional<int64_t> ms = ParseSeconds(text);
    if (!ms)
      return Status::InvalidArgument(file + ": expected a number of seconds 0.001..600, found \"" +
                                     text.substr(0, 40) + "\"");
    *source = TimeLimitSource::kDomjudgeFile;
    return ms;
  }
  if (from_ini) *source = TimeLimitSource::kDomjudgeIni;
  return from_ini;
}

}  // namespace config

Result<std::vector<PackageProgram>> ListPrograms(const std::string& package_dir, const std::string& folder) {
  std::vector<PackageProgram> out;
  const std::string root = config::JoinPath(package_dir, folder);
  if (!fs::IsDirectory(root)) return out;
  std::error_code ec;
  std::vector<std::string> names;
  for (fs_std::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!name.empty() && name[0] != '.') names.push_back(name);
  }
  if (ec) return Status::IoError(root + ": cannot list: " + ec.message());
  std::sort(names.begin(), names.end());
  // Headers beside single-file programs (a testlib.h, a validate.h) and notes are no
  // programs of their own: problemtools and DOMjudge skip them too.
  auto not_a_program = [](const std::string& n) {
    for (const char* ext : {".h", ".hpp", ".hh", ".hxx", ".md", ".txt"})
      if (n.size() > std::strlen(ext) && n.compare(n.size() - std::strlen(ext), std::string::npos, ext) == 0)
        return true;
    return n == "README" || n == "Makefile";
  };
  for (const auto& name : names) {
    std::string path = config::JoinPath(root, name);
    if (!fs::IsDirectory(path) && not_a_program(name)) continue;
    if (!InsidePackage(package_dir, path))
      return Status::InvalidArgument(path + ": expected a program inside the package, found a link leading out of it");
    PackageProgram p;
    p.name = name;
    p.path = path;
    p.is_dir = fs::IsDirectory(path);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace judge
