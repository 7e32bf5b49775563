// languages.yaml reader and the language set (see judge/language.h).
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "judge/language.h"

#include "judge/base/paths.h"

namespace judge {
namespace {

std::string Describe(const YAML::Node& node) {
  if (!node.IsDefined() || node.IsNull()) return "nothing";
  if (node.IsScalar()) return "\"" + node.Scalar() + "\"";
  if (node.IsSequence()) return "a list";
  if (node.IsMap()) return "a map";
  return "something else";
}

Status KeyError(const std::string& where, const std::string& key, const std::string& expected,
                const YAML::Node& found) {
  return Status::InvalidArgument(where + "." + key + ": expected " + expected + ", found " +
                                 Describe(found));
}

Result<std::string> ReadString(const YAML::Node& entry, const std::string& where,
                               const std::string& key, bool required) {
  YAML::Node n = entry[key];
  if (!n.IsDefined() || n.IsNull()) {
    if (required) return Status::InvalidArgument(where + "." + key + ": required key is missing");
    return std::string();
  }
  if (!n.IsScalar()) return KeyError(where, key, "a string", n);
  return n.Scalar();
}

Result<std::vector<std::string>> ReadList(const YAML::Node& entry, const std::string& where,
                                          const std::string& key, bool required) {
  YAML::Node n = entry[key];
  std::vector<std::string> out;
  if (!n.IsDefined() || n.IsNull()) {
    if (required) return Status::InvalidArgument(where + "." + key + ": required key is missing");
    return out;
  }
  if (!n.IsSequence()) return KeyError(where, key, "a list of strings", n);
  for (std::size_t i = 0; i < n.size(); ++i) {
    if (!n[i].IsScalar())
      return KeyError(where, key + "[" + std::to_string(i) + "]", "a string", n[i]);
    out.push_back(n[i].Scalar());
  }
  return out;
}

bool ValidId(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '+' || c == '-';
    if (!ok) return false;
  }
  return true;
}

Result<LanguageProfile> ReadProfile(const YAML::Node& entry, const std::string& where,
                                    const std::string& path) {
  static const std::set<std::string> kKeys = {"id",      "name",      "extensions",
                                              "source",  "compile",   "run",
                                              "version", "requires",  "run_processes",
                                              "artifacts"};
  if (!entry.IsMap()) return Status::InvalidArgument(where + ": expected a map, found " + Describe(entry));
  for (const auto& kv : entry) {
    std::string key = kv.first.as<std::string>("");
    if (!kKeys.count(key))
      return Status::InvalidArgument(where + ": unknown key \"" + key +
                                     "\" (known: id, name, extensions, source, compile, run, "
                                     "version, requires, run_processes, artifacts)");
  }
  LanguageProfile p;
  p.origin = path;
  JUDGE_ASSIGN_OR_RETURN(p.id, ReadString(entry, where, "id", true));
  if (!ValidId(p.id))
    return Status::InvalidArgument(where + ".id: expected letters a-z, digits, _ + -, found \"" +
                                   p.id + "\"");
  JUDGE_ASSIGN_OR_RETURN(p.name, ReadString(entry, where, "name", false));
  if (p.name.empty()) p.name = p.id;
  JUDGE_ASSIGN_OR_RETURN(p.extensions, ReadList(entry, where, "extensions", false));
  for (const auto& ext : p.extensions) {
    if (ext.size() < 2 || ext[0] != '.' || ext.find('/') != std::string::npos)
      return Status::InvalidArgument(where + ".extensions: expected names like \".cpp\", found \"" +
                                     ext + "\"");
  }
  JUDGE_ASSIGN_OR_RETURN(p.source_name, ReadString(entry, where, "source", true));
  if (p.source_name.find('/') != std::string::npos || p.source_name == "." || p.source_name == "..")
    return Status::InvalidArgument(where + ".source: expected a plain file name, found \"" +
                                   p.source_name + "\"");
  JUDGE_ASSIGN_OR_RETURN(p.compile, ReadList(entry, where, "compile", false));
  JUDGE_ASSIGN_OR_RETURN(p.run, ReadList(entry, where, "run", true));
  if (p.run.empty()) return Status::InvalidArgument(where + ".run: expected a non-empty list, found an empty list");
  JUDGE_ASSIGN_OR_RETURN(p.version, ReadList(entry, where, "version", false));
  JUDGE_ASSIGN_OR_RETURN(p.requires_tools, ReadList(entry, where, "requires", false));
  JUDGE_ASSIGN_OR_RETURN(p.artifacts, ReadList(entry, where, "artifacts", false));
  YAML::Node procs = entry["run_processes"];
  if (procs.IsDefined() && !procs.IsNull()) {
    long value = 0;
    bool ok = procs.IsScalar();
    if (ok) {
      const std::string& s = procs.Scalar();
      char* end = nullptr;
      value = std::strtol(s.c_str(), &end, 10);
      ok = !s.empty() && end && *end == '\0' && value >= 1 && value <= 1024;
    }
    if (!ok) return KeyError(where, "run_processes", "an integer 1..1024", procs);
    p.run_processes = static_cast<int32_t>(value);
  }
  if (p.requires_tools.empty()) {
    // Tools named by path or bare name must exist; "./main" is produced by the compile.
    auto add = [&](const std::vector<std::string>& cmd) {
      if (cmd.empty()) return;
      const std::string& tool = cmd[0];
      if (tool.find('{') != std::string::npos || tool.rfind("./", 0) == 0) return;
      p.requires_tools.push_back(tool);
    };
    add(p.compile);
    add(p.run);
  }
  return p;
}

}  // namespace

void LanguageSet::Add(LanguageProfile profile) {
  // A replacing profile takes over its predecessor's extensions only if it names
  // its own; other profiles lose the extensions it claims.
  for (auto& other : profiles_) {
    if (other.id == profile.id) continue;
    std::erase_if(other.extensions, [&](const std::string& e) {
      for (const auto& mine : profile.extensions)
        if (mine == e) return true;
      return false;
    });
  }
  for (auto& existing : profiles_) {
    if (existing.id == profile.id) {
      existing = std::move(profile);
      return;
    }
  }
  profiles_.push_back(std::move(profile));
}

const LanguageProfile* LanguageSet::Find(const std::string& id) const {
  for (const auto& p : profiles_)
    if (p.id == id) return &p;
  return nullptr;
}

const LanguageProfile* LanguageSet::ForFile(const std::string& path) const {
  auto slash = path.rfind('/');
  std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
  auto dot = base.rfind('.');
  if (dot == std::string::npos || dot == 0) return nullptr;
  std::string ext = base.substr(dot);
  for (const auto& p : profiles_)
    for (const auto& e : p.extensions)
      if (e == ext) return &p;
  return nullptr;
}

Status LoadLanguageFile(const std::string& path, LanguageSet* set) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::NotFound(path + ": cannot open language file");
  std::stringstream text;
  text << in.rdbuf();
  YAML::Node root;
  try {
    root = YAML::Load(text.str());
  } catch (const YAML::Exception& e) {
    return Status::InvalidArgument(path + ": not valid YAML: " + e.what());
  }
  if (!root.IsMap() || !root["languages"].IsDefined())
    return Status::InvalidArgument(path + ": languages: required key is missing");
  for (const auto& kv : root) {
    std::string key = kv.first.as<std::string>("");
    if (key != "languages")
      return Status::InvalidArgument(path + ": unknown key \"" + key + "\" (known: languages)");
  }
  YAML::Node list = root["languages"];
  if (!list.IsSequence())
    return Status::InvalidArgument(path + ": languages: expected a list of profiles, found " + Describe(list));
  std::vector<LanguageProfile> read;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string where = path + ": languages[" + std::to_string(i) + "]";
    JUDGE_ASSIGN_OR_RETURN(LanguageProfile p, ReadProfile(list[i], where, path));
    if (!ids.insert(p.id).second)
      return Status::InvalidArgument(where + ".id: \"" + p.id + "\" is defined twice in this file");
    read.push_back(std::move(p));
  }
  for (auto& p : read) set->Add(std::move(p));
  return Status::Ok();
}

std::string DefaultLanguagesPath() {
  if (const char* env = std::getenv("JUDGE_LANGUAGES"); env && *env) return env;
  return ExecutableDir() + "/languages.yaml";
}

std::string UserLanguagesPath() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::string(xdg) + "/judge/languages.yaml";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/judge/languages.yaml";
  return "";
}

Result<LanguageSet> LoadLanguages(const std::string& extra_file) {
  LanguageSet set;
  std::string shipped = DefaultLanguagesPath();
  Status st = LoadLanguageFile(shipped, &set);
  if (!st.ok()) return st.WithContext("loading the shipped language profiles");
  std::string user = UserLanguagesPath();
  struct stat sb;
  if (!user.empty() && stat(user.c_str(), &sb) == 0) {
    JUDGE_RETURN_IF_ERROR(LoadLanguageFile(user, &set));
  }
  if (!extra_file.empty()) JUDGE_RETURN_IF_ERROR(LoadLanguageFile(extra_file, &set));
  return set;
}

LanguageProfile BinaryProfile() {
  LanguageProfile p;
  p.id = "binary";
  p.name = "contestant binary (run as given)";
  p.source_name = "main";
  p.run = {"./main"};
  p.artifacts = {"main"};
  p.origin = "built-in";
  return p;
}

std::optional<std::string> FindExecutable(const std::string& name) {
  const char* path_env = std::getenv("PATH");
  return FindInPath(name, path_env ? path_env : "/usr/local/bin:/usr/bin:/bin", ".");
}

LanguageAvailability CheckAvailability(const LanguageProfile& profile) {
  for (const auto& tool : profile.requires_tools) {
    if (!FindExecutable(tool)) {
      LanguageAvailability a;
      a.reason = tool.find('/') != std::string::npos ? tool + " not found or not executable"
                                                     : tool + " not found in PATH";
      return a;
    }
  }
  return LanguageAvailability{true, ""};
}

std::vector<std::string> ExpandCommand(const std::vector<std::string>& command,
                                       const std::map<std::string, std::string>& values) {
  std::vector<std::string> out;
  out.reserve(command.size());
  for (const auto& word : command) {
    std::string result;
    std::size_t i = 0;
    while (i < word.size()) {
      if (word[i] == '{') {
        std::size_t close = word.find('}', i);
        if (close != std::string::npos) {
          auto it = values.find(word.substr(i + 1, close - i - 1));
          if (it != values.end()) {
            result += it->second;
            i = close + 1;
            continue;
          }
        }
      }
      result += word[i++];
    }
    out.push_back(std::move(result));
  }
  return out;
}

}  // namespace judge
