// languages.yaml reader and the language set (see judge/config/language.h).
#include "judge/config/language.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "judge/base/paths.h"
#include "yaml_reader.h"

namespace judge {
namespace {

bool ValidId(const std::string& id) {
  if (id.empty() || id.size() > 64) return false;
  for (char c : id) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '+' || c == '-';
    if (!ok) return false;
  }
  return true;
}

// Built on first use, not at every start of the judge.
const std::vector<std::string>& ProfileKeys() {
  static const std::vector<std::string> keys = {
      "id",       "name",          "extensions", "source",   "compile",
      "run",      "version",       "requires",   "run_processes", "artifacts",
      "memory_allowance_percent", "suggest_on_error", "hello", "reserved_memory_counts", "keep_file_name",
      "original_judge", "support_dir", "kattis", "compile_dirs"};
  return keys;
}

// Checks of the values a profile's keys hold beyond their types.
Status CheckProfile(const YamlReader& r, const std::string& where, const LanguageProfile& p) {
  if (!ValidId(p.id)) return r.Error(where + ".id", "expected letters a-z, digits, _ + -, found " + Quote(p.id));
  for (const auto& ext : p.extensions) {
    if (ext.size() < 2 || ext[0] != '.' || ext.find('/') != std::string::npos)
      return r.Error(where + ".extensions", "expected names like \".cpp\", found " + Quote(ext));
  }
  if (p.source_name.find('/') != std::string::npos || p.source_name == "." || p.source_name == "..")
    return r.Error(where + ".source", "expected a plain file name, found " + Quote(p.source_name));
  if (p.run.empty()) return r.Error(where + ".run", "expected a non-empty list, found an empty list");
  if (p.support_dir == "/" || (!p.support_dir.empty() && p.support_dir.back() == '/'))
    return r.Error(where + ".support_dir", "expected a folder's path without a trailing /, found " +
                                               Quote(p.support_dir));
  for (const auto& d : p.compile_dirs)
    if (d.size() < 2 || d[0] != '/' || d.back() == '/' || d.find("/..") != std::string::npos)
      return r.Error(where + ".compile_dirs", "expected absolute folder paths without .. or a trailing /, found " +
                                                  Quote(d));
  return Status::Ok();
}

Status ReadProfileKey(const YamlReader& r, const std::string& key, const std::string& name, const YAML::Node& v,
                      LanguageProfile* p) {
  if (name == "id") {
    JUDGE_ASSIGN_OR_RETURN(p->id, r.String(key, v));
  } else if (name == "name") {
    JUDGE_ASSIGN_OR_RETURN(p->name, r.String(key, v));
  } else if (name == "hello") {
    JUDGE_ASSIGN_OR_RETURN(p->hello, r.String(key, v));
  } else if (name == "source") {
    JUDGE_ASSIGN_OR_RETURN(p->source_name, r.String(key, v));
  } else if (name == "original_judge") {
    JUDGE_ASSIGN_OR_RETURN(p->original_judge, r.String(key, v));
  } else if (name == "kattis") {
    JUDGE_ASSIGN_OR_RETURN(p->kattis_code, r.String(key, v));
    if (!ValidId(p->kattis_code))
      return r.Error(key, "expected a Kattis language code (letters a-z, digits, _ + -), found " +
                              Quote(p->kattis_code));
  } else if (name == "support_dir") {
    JUDGE_ASSIGN_OR_RETURN(p->support_dir, r.String(key, v));
  } else if (name == "run_processes") {
    JUDGE_ASSIGN_OR_RETURN(int64_t n, r.Int(key, v, 1, 1024));
    p->run_processes = static_cast<int32_t>(n);
  } else if (name == "reserved_memory_counts") {
    JUDGE_ASSIGN_OR_RETURN(p->reserved_memory_counts, r.Bool(key, v));
  } else if (name == "keep_file_name") {
    JUDGE_ASSIGN_OR_RETURN(p->keep_file_name, r.Bool(key, v));
  } else if (name == "memory_allowance_percent") {
    JUDGE_ASSIGN_OR_RETURN(int64_t n, r.Int(key, v, 0, 400));
    p->memory_allowance_percent = static_cast<int32_t>(n);
  } else {
    std::vector<std::string>* list = name == "extensions" ? &p->extensions
                                     : name == "compile"  ? &p->compile
                                     : name == "run"      ? &p->run
                                     : name == "version"  ? &p->version
                                     : name == "requires" ? &p->requires_tools
                                     : name == "suggest_on_error" ? &p->suggest_on_error
                                     : name == "compile_dirs" ? &p->compile_dirs
                                                          : &p->artifacts;
    JUDGE_ASSIGN_OR_RETURN(*list, r.StringList(key, v));
  }
  return Status::Ok();
}

// Tools named by path or bare name must exist; "./main" is produced by the compile.
void DefaultRequiredTools(LanguageProfile* p) {
  if (!p->requires_tools.empty()) return;
  auto add = [&](const std::vector<std::string>& cmd) {
    if (cmd.empty()) return;
    const std::string& tool = cmd[0];
    if (tool.find('{') != std::string::npos || tool.rfind("./", 0) == 0) return;
    p->requires_tools.push_back(tool);
  };
  add(p->compile);
  add(p->run);
}

Result<LanguageProfile> ReadProfile(const YamlReader& r, const YAML::Node& entry, const std::string& where) {
  JUDGE_ASSIGN_OR_RETURN(YamlEntries entries, r.Map(where, entry, ProfileKeys()));
  LanguageProfile p;
  p.origin = r.file();
  for (const auto& [name, v] : entries) JUDGE_RETURN_IF_ERROR(ReadProfileKey(r, where + "." + name, name, v, &p));
  for (const char* required : {"id", "source", "run"})
    if (std::none_of(entries.begin(), entries.end(), [&](const auto& e) { return e.first == required; }))
      return r.Missing(where + "." + required, required == std::string("run") ? "a list of strings" : "a string");
  JUDGE_RETURN_IF_ERROR(CheckProfile(r, where, p));
  if (p.name.empty()) p.name = p.id;
  // Relative to the languages file's folder, wherever the judge runs from.
  if (!p.support_dir.empty() && p.support_dir[0] != '/') {
    const std::string& file = r.file();
    auto slash = file.rfind('/');
    p.support_dir = (slash == std::string::npos ? std::string(".") : file.substr(0, slash)) + "/" + p.support_dir;
  }
  DefaultRequiredTools(&p);
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
  // The extension must leave a name before it: ".cpp" alone is a hidden file.
  const LanguageProfile* best = nullptr;
  std::size_t best_size = 0;
  for (const auto& p : profiles_)
    for (const auto& e : p.extensions)
      if (base.size() > e.size() && e.size() > best_size && base.compare(base.size() - e.size(), e.size(), e) == 0) {
        best = &p;
        best_size = e.size();
      }
  return best;
}

Status LoadLanguageFile(const std::string& path, LanguageSet* set) {
  JUDGE_ASSIGN_OR_RETURN(YAML::Node root, ParseYamlFile(path));
  YamlReader r(path);
  JUDGE_ASSIGN_OR_RETURN(YamlEntries top, r.Map("", root, {"languages"}));
  if (top.empty()) return r.Missing("languages", "a list of profiles");
  const YAML::Node& list = top[0].second;
  if (!list.IsSequence()) return r.Error("languages", "a list of profiles", list);
  std::vector<LanguageProfile> read;
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list.size(); ++i) {
    std::string where = "languages[" + std::to_string(i) + "]";
    JUDGE_ASSIGN_OR_RETURN(LanguageProfile p, ReadProfile(r, list[i], where));
    if (!ids.insert(p.id).second) return r.Error(where + ".id", Quote(p.id) + " is defined twice in this file");
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
  struct stat sb;
  if (!profile.support_dir.empty() && (stat(profile.support_dir.c_str(), &sb) != 0 || !S_ISDIR(sb.st_mode)))
    return LanguageAvailability{false, "support folder " + profile.support_dir + " not found"};
  for (const auto& d : profile.compile_dirs)
    if (stat(d.c_str(), &sb) != 0 || !S_ISDIR(sb.st_mode)) return LanguageAvailability{false, d + " not found"};
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

std::string SubmittedSourceName(const LanguageProfile& profile, const std::string& file_name) {
  if (!profile.keep_file_name || file_name.empty() || file_name.size() > 255 || file_name[0] == '.')
    return profile.source_name;
  for (char c : file_name) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                      c == '_' || c == '-';
    if (!safe) return profile.source_name;
  }
  auto ends_with = [&](const std::string& ext) {
    return !ext.empty() && file_name.size() > ext.size() &&
           file_name.compare(file_name.size() - ext.size(), ext.size(), ext) == 0;
  };
  const std::size_t dot = profile.source_name.rfind('.');
  if (dot != std::string::npos && ends_with(profile.source_name.substr(dot))) return file_name;
  for (const std::string& ext : profile.extensions)
    if (ends_with(ext)) return file_name;
  return profile.source_name;
}

}  // namespace judge
