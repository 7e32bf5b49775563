// problem.yaml -> ProblemConfig, and the package's test listing (problem.h).
//
// Theory of operation
// -------------------
// The schema is fixed by docs/problem-format.md. The file is parsed by yaml-cpp into
// a node tree once; then a small Reader walks the tree, key by key, and every check
// fails with one line "<file>: <key path>: expected <what>, found <what>". Maps are
// walked in file order so the first problem in the file is the one reported, and
// every key of a map is matched against the keys the schema allows for that map
// (unknown keys and duplicates are errors). Values are read from the scalar's text,
// never through yaml-cpp's lenient conversions, so "1e3" is not an integer and "yes"
// is not a number.
//
// yaml-cpp is used in this directory only (judge_config).
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <system_error>

#include "judge/problem.h"
#include "yaml_reader.h"

namespace judge {
namespace {

namespace fs = std::filesystem;

constexpr int64_t kMaxTimeMs = 600000;
constexpr int64_t kMaxTotalTimeMs = 86400000;  // a day: anything longer is a typo
constexpr int64_t kMinMemoryKib = 1024;
constexpr int64_t kMaxMemoryKib = 16777216;
constexpr int64_t kMaxOutputKib = 16777216;

std::string JoinPath(const std::string& dir, const std::string& name) {
  if (dir.empty()) return name;
  return dir.back() == '/' ? dir + name : dir + "/" + name;
}

std::string PackageId(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(fs::path(dir), ec), ec);
  if (ec) p = fs::path(dir);
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return fs::path(s).filename().string();
}

Status ReadLimits(const YamlReader& r, const YAML::Node& node, ProblemLimits* limits) {
  JUDGE_ASSIGN_OR_RETURN(auto entries,
                         r.Map("limits", node,
                               {"time_ms", "total_time_ms", "wall_ms", "memory_kib", "output_kib"}));
  bool have_time = false, have_memory = false, have_wall = false;
  for (const auto& [k, v] : entries) {
    std::string key = "limits." + k;
    if (k == "time_ms") {
      JUDGE_ASSIGN_OR_RETURN(limits->time_ms, r.Int(key, v, 1, kMaxTimeMs));
      have_time = true;
    } else if (k == "total_time_ms") {
      JUDGE_ASSIGN_OR_RETURN(int64_t t, r.Int(key, v, 1, kMaxTotalTimeMs));
      limits->total_time_ms = t;
    } else if (k == "wall_ms") {
      JUDGE_ASSIGN_OR_RETURN(limits->wall_ms, r.Int(key, v, 1, 2 * kMaxTimeMs));
      have_wall = true;
    } else if (k == "memory_kib") {
      JUDGE_ASSIGN_OR_RETURN(limits->memory_kib, r.Int(key, v, kMinMemoryKib, kMaxMemoryKib));
      have_memory = true;
    } else if (k == "output_kib") {
      JUDGE_ASSIGN_OR_RETURN(limits->output_kib, r.Int(key, v, 1, kMaxOutputKib));
    }
  }
  if (!have_time) return r.Error("limits.time_ms", "expected an integer 1..600000, found nothing (required)");
  if (!have_memory)
    return r.Error("limits.memory_kib", "expected an integer 1024..16777216, found nothing (required)");
  if (have_wall && limits->wall_ms < limits->time_ms)
    return r.Error("limits.wall_ms", "expected at least limits.time_ms (" +
                                         std::to_string(limits->time_ms) + "), found " +
                                         std::to_string(limits->wall_ms));
  if (limits->total_time_ms && *limits->total_time_ms < limits->time_ms)
    return r.Error("limits.total_time_ms", "expected at least limits.time_ms (" +
                                               std::to_string(limits->time_ms) + "), found " +
                                               std::to_string(*limits->total_time_ms));
  // The documented default, filled in so every reader sees the same wall limit.
  if (!have_wall) limits->wall_ms = std::max(2 * limits->time_ms, limits->time_ms + 1000);
  return Status::Ok();
}

Status ReadIo(const YamlReader& r, const YAML::Node& node, ProblemConfig* config) {
  JUDGE_ASSIGN_OR_RETURN(auto entries, r.Map("io", node, {"mode", "input", "output"}));
  const YAML::Node* input = nullptr;
  const YAML::Node* output = nullptr;
  for (const auto& [k, v] : entries) {
    if (k == "mode") {
      if (v.IsScalar() && v.Scalar() == "stdio") {
        config->io_mode = IoMode::kStdio;
      } else if (v.IsScalar() && v.Scalar() == "file") {
        config->io_mode = IoMode::kFile;
      } else {
        return r.Error("io.mode", "stdio or file", v);
      }
    } else if (k == "input") {
      input = &v;
    } else if (k == "output") {
      output = &v;
    }
  }
  if (config->io_mode == IoMode::kStdio) {
    if (input) return r.Error("io.input", "no file name in stdio mode (set io.mode: file)", *input);
    if (output) return r.Error("io.output", "no file name in stdio mode (set io.mode: file)", *output);
    return Status::Ok();
  }
  if (!input) return r.Error("io.input", "expected a file name in file mode, found nothing");
  if (!output) return r.Error("io.output", "expected a file name in file mode, found nothing");
  JUDGE_ASSIGN_OR_RETURN(config->input_file, r.FileName("io.input", *input));
  JUDGE_ASSIGN_OR_RETURN(config->output_file, r.FileName("io.output", *output));
  if (config->input_file == config->output_file)
    return r.Error("io.output", "expected a name other than io.input, found " + Quote(config->output_file));
  return Status::Ok();
}

// Returns whether a type was given.
Result<bool> ReadChecker(const YamlReader& r, const YAML::Node& node, ProblemConfig* config) {
  JUDGE_ASSIGN_OR_RETURN(auto entries,
                         r.Map("checker", node, {"type", "absolute_tolerance", "relative_tolerance"}));
  bool have_type = false;
  const YAML::Node* abs_tol = nullptr;
  const YAML::Node* rel_tol = nullptr;
  for (const auto& [k, v] : entries) {
    if (k == "type") {
      static const std::vector<std::pair<std::string, CheckerKind>> kKinds = {
          {"plugin", CheckerKind::kPlugin}, {"exact", CheckerKind::kExact},
          {"lines", CheckerKind::kLines},   {"tokens", CheckerKind::kTokens},
          {"float", CheckerKind::kFloat}};
      bool found = false;
      for (const auto& [name, kind] : kKinds) {
        if (v.IsScalar() && v.Scalar() == name) {
          config->checker = kind;
          found = true;
        }
      }
      if (!found) return r.Error("checker.type", "plugin, exact, lines, tokens or float", v);
      have_type = true;
    } else if (k == "absolute_tolerance") {
      abs_tol = &v;
    } else {
      rel_tol = &v;
    }
  }
  if (abs_tol) {
    if (config->checker != CheckerKind::kFloat)
      return r.Error("checker.absolute_tolerance", "no tolerance unless checker.type is float",
                     *abs_tol);
    JUDGE_ASSIGN_OR_RETURN(config->float_absolute_tolerance,
                           r.NonNegativeNumber("checker.absolute_tolerance", *abs_tol));
  }
  if (rel_tol) {
    if (config->checker != CheckerKind::kFloat)
      return r.Error("checker.relative_tolerance", "no tolerance unless checker.type is float",
                     *rel_tol);
    JUDGE_ASSIGN_OR_RETURN(config->float_relative_tolerance,
                           r.NonNegativeNumber("checker.relative_tolerance", *rel_tol));
  }
  return have_type;
}

Status ReadPluginOptions(const YamlReader& r, const YAML::Node& node, ProblemConfig* config) {
  JUDGE_ASSIGN_OR_RETURN(auto entries, r.Map("plugin_options", node, {}));
  for (const auto& [k, v] : entries) {
    std::string key = "plugin_options." + k;
    // Keys and values travel as "key=value" lines (plugin_abi.h).
    bool key_ok = !k.empty();
    for (char c : k) key_ok = key_ok && c != '=' && static_cast<unsigned char>(c) >= 0x20;
    if (!key_ok) return r.Error(key, "expected a key without '=' or control characters, found " + Quote(k));
    if (!v.IsScalar()) return r.Error(key, "a scalar (string, number or boolean)", v);
    const std::string& value = v.Scalar();
    if (value.find('\n') != std::string::npos || value.find('\r') != std::string::npos)
      return r.Error(key, "a value on one line", v);
    config->plugin_options.emplace_back(k, value);
  }
  return Status::Ok();
}

Status ReadGroups(const YamlReader& r, const YAML::Node& node, ProblemConfig* config) {
  if (!node.IsSequence()) return r.Error("groups", "a list of {name, points}", node);
  std::set<std::string> names;
  for (size_t i = 0; i < node.size(); ++i) {
    std::string key = "groups[" + std::to_string(i) + "]";
    JUDGE_ASSIGN_OR_RETURN(auto entries, r.Map(key, node[i], {"name", "points"}));
    TestGroup group;
    bool have_name = false, have_points = false;
    for (const auto& [k, v] : entries) {
      if (k == "name") {
        JUDGE_ASSIGN_OR_RETURN(group.name, r.Identifier(key + ".name", v));
        if (group.name == "sample" || group.name == "secret")
          return r.Error(key + ".name", "a group name other than sample or secret", v);
        have_name = true;
      } else {
        JUDGE_ASSIGN_OR_RETURN(group.points, r.NonNegativeNumber(key + ".points", v));
        have_points = true;
      }
    }
    if (!have_name) return r.Error(key + ".name", "expected a group name, found nothing (required)");
    if (!have_points)
      return r.Error(key + ".points", "expected a non-negative number, found nothing (required)");
    if (!names.insert(group.name).second)
      return r.Error(key + ".name", "expected a name not used by another group, found " + Quote(group.name));
    config->groups.push_back(std::move(group));
  }
  return Status::Ok();
}

}  // namespace

Result<ProblemConfig> LoadProblemConfig(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return Status::NotFound("problem directory '" + dir + "': " +
                            (fs::exists(dir, ec) ? "expected a directory, found a file"
                                                 : "no such directory"));
  std::string file = JoinPath(dir, "problem.yaml");
  if (!fs::exists(file, ec))
    return Status::NotFound(file + ": expected a problem.yaml in the package, found no such file");
  JUDGE_ASSIGN_OR_RETURN(YAML::Node root, ParseYamlFile(file));
  YamlReader r(file);
  if (!root.IsMap())
    return Status::InvalidArgument(file + ": expected a map of keys (name, plugin, limits, ...), found " +
                                   (root.IsNull() ? std::string("an empty document") : Describe(root)));

  ProblemConfig config;
  config.dir = dir;
  config.id = PackageId(dir);
  JUDGE_ASSIGN_OR_RETURN(auto entries,
                         r.Map("", root,
                               {"name", "plugin", "source", "author", "license", "rights_owner",
                                "limits", "io", "checker", "plugin_options", "groups"}));
  bool have_name = false, have_limits = false, have_checker_type = false;
  for (const auto& [k, v] : entries) {
    if (k == "name") {
      JUDGE_ASSIGN_OR_RETURN(config.name, r.String("name", v));
      if (config.name.empty()) return r.Error("name", "a non-empty string", v);
      have_name = true;
    } else if (k == "plugin") {
      JUDGE_ASSIGN_OR_RETURN(config.plugin_id, r.Identifier("plugin", v));
    } else if (k == "source" || k == "author" || k == "license" || k == "rights_owner") {
      JUDGE_RETURN_IF_ERROR(r.String(k, v).status());
    } else if (k == "limits") {
      JUDGE_RETURN_IF_ERROR(ReadLimits(r, v, &config.limits));
      have_limits = true;
    } else if (k == "io") {
      JUDGE_RETURN_IF_ERROR(ReadIo(r, v, &config));
    } else if (k == "checker") {
      JUDGE_ASSIGN_OR_RETURN(have_checker_type, ReadChecker(r, v, &config));
    } else if (k == "plugin_options") {
      JUDGE_RETURN_IF_ERROR(ReadPluginOptions(r, v, &config));
    } else if (k == "groups") {
      JUDGE_RETURN_IF_ERROR(ReadGroups(r, v, &config));
    }
  }
  if (!have_name) return r.Error("name", "expected a string, found nothing (required)");
  if (!have_limits) return r.Error("limits", "expected a map with time_ms and memory_kib, found nothing (required)");
  if (!have_checker_type) config.checker = config.plugin_id.empty() ? CheckerKind::kTokens : CheckerKind::kPlugin;
  if (config.checker == CheckerKind::kPlugin && config.plugin_id.empty())
    return r.Error("plugin", "expected a plugin id when checker.type is plugin, found nothing");
  return config;
}

std::string SerializePluginOptions(const ProblemConfig& config) {
  std::string out;
  for (const auto& [k, v] : config.plugin_options) out += k + "=" + v + "\n";
  return out;
}

namespace {

// Test files of one folder: every "<stem>.in" (sorted later); subfolders are returned
// separately. Any other file is ignored (statements, images, generator recipes).
struct FolderListing {
  std::vector<std::string> stems;
  std::vector<std::string> subdirs;
};

Result<FolderListing> ListFolder(const fs::path& folder) {
  FolderListing listing;
  std::error_code ec;
  fs::directory_iterator it(folder, ec);
  if (ec) return Status::IoError(folder.string() + ": cannot list: " + ec.message());
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return Status::IoError(folder.string() + ": cannot list: " + ec.message());
    std::string name = it->path().filename().string();
    if (it->is_directory(ec)) {
      listing.subdirs.push_back(name);
    } else if (name.size() > 3 && name.compare(name.size() - 3, 3, ".in") == 0) {
      listing.stems.push_back(name.substr(0, name.size() - 3));
    }
  }
  std::sort(listing.stems.begin(), listing.stems.end());
  std::sort(listing.subdirs.begin(), listing.subdirs.end());
  return listing;
}

TestCase MakeTest(const fs::path& folder, const std::string& name_prefix, const std::string& stem,
                  const std::string& group) {
  TestCase t;
  t.name = name_prefix + "/" + stem;
  t.group = group;
  t.input_path = (folder / (stem + ".in")).string();
  fs::path ans = folder / (stem + ".ans");
  std::error_code ec;
  // Whatever stands there is the answer: reading it refuses a FIFO or a device with
  // one line instead of grading without it.
  if (fs::exists(fs::symlink_status(ans, ec))) t.answer_path = ans.string();
  return t;
}

}  // namespace

Result<std::vector<TestCase>> ListTests(const ProblemConfig& config) {
  std::error_code ec;
  fs::path data = fs::path(config.dir) / "data";
  if (!fs::is_directory(data, ec))
    return Status::NotFound(data.string() + ": expected the package's test data folder, found none");
  std::vector<TestCase> tests;

  fs::path sample = data / "sample";
  if (fs::is_directory(sample, ec)) {
    JUDGE_ASSIGN_OR_RETURN(FolderListing listing, ListFolder(sample));
    if (!listing.subdirs.empty())
      return Status::InvalidArgument((sample / listing.subdirs[0]).string() +
                                     ": expected test files in data/sample, found a folder");
    for (const auto& stem : listing.stems) tests.push_back(MakeTest(sample, "sample", stem, "sample"));
  }

  fs::path secret = data / "secret";
  if (fs::is_directory(secret, ec)) {
    JUDGE_ASSIGN_OR_RETURN(FolderListing listing, ListFolder(secret));
    // Tests directly in data/secret and group folders, merged in name order (a group
    // folder sorts by its name, as one entry).
    std::vector<std::pair<std::string, bool>> entries;  // name, is_group
    for (const auto& s : listing.stems) entries.emplace_back(s, false);
    for (const auto& d : listing.subdirs) entries.emplace_back(d, true);
    std::sort(entries.begin(), entries.end());
    std::set<std::string> declared;
    for (const auto& g : config.groups) declared.insert(g.name);
    for (const auto& [name, is_group] : entries) {
      if (!is_group) {
        tests.push_back(MakeTest(secret, "secret", name, "secret"));
        continue;
      }
      if (!config.groups.empty() && !declared.count(name))
        return Status::InvalidArgument((secret / name).string() +
                                       ": expected a group declared in problem.yaml groups (" +
                                       [&] {
                                         std::string s;
                                         for (const auto& g : config.groups) s += (s.empty() ? "" : ", ") + g.name;
                                         return s;
                                       }() + "), found an undeclared folder");
      JUDGE_ASSIGN_OR_RETURN(FolderListing group, ListFolder(secret / name));
      if (!group.subdirs.empty())
        return Status::InvalidArgument((secret / name / group.subdirs[0]).string() +
                                       ": expected test files in a group, found a folder");
      for (const auto& stem : group.stems)
        tests.push_back(MakeTest(secret / name, "secret/" + name, stem, name));
    }
  }
  for (const auto& g : config.groups) {
    if (!fs::is_directory(secret / g.name, ec))
      return Status::NotFound((secret / g.name).string() + ": expected the folder of group '" + g.name +
                              "' declared in problem.yaml, found none");
  }
  return tests;
}

}  // namespace judge
