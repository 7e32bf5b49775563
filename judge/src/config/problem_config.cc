// problem.yaml -> ProblemConfig (problem.h).
//
// Theory of operation
// -------------------
// The schema is the union of three vocabularies (docs/problem-format.md): this judge's
// keys, the Kattis legacy keys and the Kattis 2023-07 keys; units are converted as they
// are read. The file is parsed by yaml-cpp into a node tree once; then a
// ProblemReader walks the tree key by key. Every check that fails records one line
// "<file>: <key path>: expected <what>, found <what>" and reading goes on, so a file's
// mistakes are all reported at once (ErrorList); unknown keys and duplicates are errors
// too. Values are read from the scalar's text, never through yaml-cpp's lenient
// conversions. After the keys, the reader settles what depends on several of them and
// on the package's folders: the time limit (ours, else DOMjudge's files, else to be
// inferred), the checker (plugin, built-in, the Kattis default, an output validator
// program, testlib) and the interactor.
//
// yaml-cpp is used in this directory only (judge_config).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <system_error>

#include "judge/base/files.h"
#include "judge/config/polygon.h"
#include "judge/config/problem.h"
#include "problem_parts.h"
#include "yaml_reader.h"

namespace judge {
namespace {

namespace fs_std = std::filesystem;
using config::JoinPath;


// "2023-07-draft", "2023-07", "2025-09", "draft": the rules of 2023-07 and later.
bool IsVersion2023(const std::string& v) {
  if (v == "draft") return true;
  if (v.size() < 7 || v[4] != '-') return false;
  for (int i : {0, 1, 2, 3, 5, 6})
    if (v[i] < '0' || v[i] > '9') return false;
  if (v.size() != 7 && v.substr(7) != "-draft") return false;
  return v.substr(0, 7) >= "2023-07";
}

// The 2023-07 output validator: output_validator/ itself, or the one program folder in
// it with nothing else beside it (problemtools' own examples put it there). "" when
// the package has no such folder.
std::string OutputValidatorFolder(const std::string& dir) {
  const std::string folder = JoinPath(dir, "output_validator");
  if (!fs::IsDirectory(folder)) return "";
  std::error_code ec;
  std::vector<fs_std::path> entries;
  for (fs_std::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (!name.empty() && name[0] != '.') entries.push_back(it->path());
  }
  if (entries.size() == 1 && fs::IsDirectory(entries[0].string()) && InsidePackage(dir, entries[0].string()))
    return entries[0].string();
  return folder;
}

// Built on first use, not at every start of the judge (most commands read no package).
const std::vector<std::string>& TopKeys() {
  static const std::vector<std::string> keys = {
      // ours (source, author, license, rights_owner are Kattis's too)
      "name", "plugin", "source", "author", "license", "rights_owner", "limits", "io", "checker", "interactor",
      "plugin_options", "groups",
      // Kattis legacy and 2023-07
      "problem_format_version", "type", "uuid", "version", "credits", "source_url", "validation", "validator_flags",
      "grading", "keywords", "languages", "allow_file_writing", "constants", "embargo_until"};
  return keys;
}

std::vector<std::string> SplitWords(const std::string& s) {
  std::vector<std::string> out;
  std::string word;
  for (char c : s) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      if (!word.empty()) out.push_back(std::move(word));
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

// Walks problem.yaml's keys into a ProblemConfig, collecting every error.
class ProblemReader {
 public:
  // Lenient as problemtools: unknown keys and empty values become notes of the config.
  ProblemReader(const std::string& file, ProblemConfig* c) : r_(file, &c->notes), c_(c) {}

  Status Read(const YAML::Node& root);

 private:
  void ReadKey(const std::string& k, const YAML::Node& v);
  void ReadName(const YAML::Node& v);
  void ReadType(const YAML::Node& v);
  void ReadValidation(const YAML::Node& v);
  void ReadGrading(const YAML::Node& v);
  void ReadLegacyGrading(const std::string& key, const std::string& k, const YAML::Node& val);
  void ReadCredits(const YAML::Node& v);
  void ReadSource(const YAML::Node& v);
  void ReadIo(const YAML::Node& v);
  void ReadChecker(const YAML::Node& v);
  void ReadInteractor(const YAML::Node& v);
  void ReadPluginOptions(const YAML::Node& v);
  void ReadGroups(const YAML::Node& v);
  std::optional<PackageProgram> ProgramAt(const std::string& key, const YAML::Node& v);
  void SettleTimeLimit();
  void SettleChecker();
  void SettleInteractor();
  void CheckStrings(const std::string& key, const YAML::Node& v);

  YamlReader r_;
  ErrorList errors_;
  ProblemConfig* c_;
  bool kattis_2023_ = false;
  bool have_name_ = false, have_uuid_ = false, have_checker_type_ = false;
  bool have_validation_ = false, validation_custom_ = false;
  YAML::Node limits_node_;
  config::LimitsRead limits_;
};

Status ProblemReader::Read(const YAML::Node& root) {
  // The format version decides defaults: read it first.
  if (root["problem_format_version"]) {
    const YAML::Node& v = root["problem_format_version"];
    if (v.IsScalar() && (v.Scalar() == "legacy" || v.Scalar() == "legacy-icpc" || IsVersion2023(v.Scalar()))) {
      c_->format_version = v.Scalar();
      kattis_2023_ = IsVersion2023(v.Scalar());
    } else {
      errors_.Add(r_.Error("problem_format_version", "legacy, legacy-icpc, 2023-07-draft or a later yyyy-mm[-draft]", v));
    }
  }
  for (const auto& [k, v] : r_.MapAll("", root, TopKeys(), &errors_)) ReadKey(k, v);
  limits_ = config::ReadLimits(r_, limits_node_, kattis_2023_, &errors_);
  c_->limits = limits_.limits;
  c_->time_rule = limits_.rule;
  c_->tool_limits = limits_.tools;
  c_->code_kib = limits_.code_kib;
  c_->code_kib_given = limits_.code_given;
  // Required by the 2023-07 specification, not by the tools that judge it: notes.
  if (kattis_2023_ && !have_uuid_) c_->notes.push_back(r_.file() + ": uuid: missing (required by " + c_->format_version + ")");
  if (kattis_2023_ && !have_name_) c_->notes.push_back(r_.file() + ": name: missing (required by " + c_->format_version + ")");
  if (!c_->groups.empty() && c_->scoring)
    errors_.Add(r_.Error("groups", "expected either groups (points per group) or type: scoring (testdata.yaml), "
                                   "found both"));
  SettleTimeLimit();
  SettleChecker();
  SettleInteractor();
  // problemtools' custom graders (testdata.yaml `grading: custom`): one program.
  if (Result<std::vector<PackageProgram>> graders = ListPrograms(c_->dir, "graders"); !graders.ok())
    errors_.Add(graders.status());
  else if (graders->size() == 1)
    c_->grader_program = graders->front();
  else if (graders->size() > 1)
    errors_.Add(Status::InvalidArgument(JoinPath(c_->dir, "graders") + ": expected one grader program, found " +
                                        std::to_string(graders->size())));
  if (c_->multi_pass && c_->checker != CheckerKind::kKattis)
    errors_.Add(r_.Error("type", "expected an output validator for a multi-pass problem (it writes nextpass.in), "
                                 "found the " + std::string(CheckerKindInfoOf(c_->checker).name) + " checker"));
  return errors_.ToStatus();
}

void ProblemReader::ReadKey(const std::string& k, const YAML::Node& v) {
  std::string text;
  if (k == "problem_format_version") return;  // read first
  if (k == "name") return ReadName(v);
  if (k == "plugin") return void(errors_.Take(r_.Identifier("plugin", v), &c_->plugin_id));
  if (k == "type") return ReadType(v);
  if (k == "validation") return ReadValidation(v);
  if (k == "validator_flags") {
    if (errors_.Take(r_.String(k, v), &text)) c_->validator_flags = SplitWords(text);
    return;
  }
  if (k == "limits") return void(limits_node_ = v);
  if (k == "io") return ReadIo(v);
  if (k == "checker") return ReadChecker(v);
  if (k == "interactor") return ReadInteractor(v);
  if (k == "plugin_options") return ReadPluginOptions(v);
  if (k == "groups") return ReadGroups(v);
  if (k == "grading") return ReadGrading(v);
  if (k == "credits") return ReadCredits(v);
  if (k == "source") return ReadSource(v);
  if (k == "uuid") have_uuid_ = true;
  if (k == "keywords") return CheckStrings(k, v);
  if (k == "languages") {
    std::vector<std::string> langs;
    if (errors_.Take(r_.StringOrList(k, v), &langs) && !(langs.size() == 1 && langs[0] == "all")) {
      c_->languages = langs;
      c_->notes.push_back("languages: read, not enforced (any installed language may be submitted)");
    }
    return;
  }
  if (k == "allow_file_writing") {
    bool b = false;
    (void)errors_.Take(r_.Bool(k, v), &b);
    return;
  }
  if (k == "constants") {
    if (!v.IsMap()) return errors_.Add(r_.Error(k, "a map of names to values", v));
    if (v.size() > 0) c_->notes.push_back("constants: read, not substituted into programs or statements");
    return;
  }
  // uuid, version, author, license, rights_owner, source_url, embargo_until: strings.
  errors_.Add(r_.String(k, v).status());
}

void ProblemReader::ReadName(const YAML::Node& v) {
  if (v.IsMap()) {
    // 2023-07: a map of language codes to names; English first, else the first.
    for (const auto& [lang, name] : r_.MapAll("name", v, {}, &errors_)) {
      std::string s;
      if (!errors_.Take(r_.String("name." + lang, name), &s)) continue;
      if (!have_name_ || lang == "en") c_->name = s;
      have_name_ = true;
    }
    return;
  }
  if (!errors_.Take(r_.String("name", v), &c_->name)) return;
  if (c_->name.empty()) return errors_.Add(r_.Error("name", "a non-empty string", v));
  have_name_ = true;
}

void ProblemReader::ReadType(const YAML::Node& v) {
  std::vector<std::string> types;
  if (!errors_.Take(r_.StringOrList("type", v), &types)) return;
  std::set<std::string> seen;
  for (const auto& t : types) {
    if (!seen.insert(t).second) errors_.Add(r_.Error("type", "expected no type twice, found \"" + t + "\" twice"));
    if (t == "pass-fail") {
    } else if (t == "scoring") {
      c_->scoring = true;
    } else if (t == "interactive") {
      c_->interactive = true;
    } else if (t == "multi-pass") {
      c_->multi_pass = true;
    } else if (t == "submit-answer") {
      errors_.Add(r_.Error("type", "expected pass-fail, scoring or interactive, found \"" + t +
                                       "\" (" + t + " problems are not supported by this judge)"));
    } else {
      errors_.Add(r_.Error("type", "pass-fail, scoring, interactive or multi-pass", YAML::Node(t)));
    }
  }
  if (seen.count("pass-fail") && seen.count("scoring"))
    errors_.Add(r_.Error("type", "expected pass-fail or scoring, found both"));
}

void ProblemReader::ReadValidation(const YAML::Node& v) {
  std::string text;
  if (!errors_.Take(r_.String("validation", v), &text)) return;
  std::vector<std::string> words = SplitWords(text);
  have_validation_ = true;
  if (words.empty() || (words[0] != "default" && words[0] != "custom"))
    return errors_.Add(r_.Error("validation", "default, or custom followed by interactive, score and/or multi-pass", v));
  validation_custom_ = words[0] == "custom";
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (validation_custom_ && words[i] == "interactive") {
      c_->interactive = true;
    } else if (validation_custom_ && words[i] == "score") {
      c_->custom_score = true;
    } else if (validation_custom_ && words[i] == "multi-pass") {
      c_->multi_pass = true;
    } else {
      errors_.Add(r_.Error("validation", "default, or custom followed by interactive, score and/or multi-pass", v));
    }
  }
}

void ProblemReader::ReadGrading(const YAML::Node& v) {
  static const std::vector<std::string> kKeys = {"objective", "show_test_data_groups", "on_reject", "accept_score",
                                                 "reject_score", "range"};
  for (const auto& [k, val] : r_.MapAll("grading", v, kKeys, &errors_)) {
    const std::string key = "grading." + k;
    if (k == "objective") {
      if (val.IsScalar() && (val.Scalar() == "min" || val.Scalar() == "max"))
        c_->objective_min = val.Scalar() == "min";
      else
        errors_.Add(r_.Error(key, "min or max", val));
    } else if (k == "show_test_data_groups") {
      bool b = false;
      (void)errors_.Take(r_.Bool(key, val), &b);
    } else {
      ReadLegacyGrading(key, k, val);
    }
  }
}

// Deprecated group settings in problem.yaml: problemtools applies them to every group.
void ProblemReader::ReadLegacyGrading(const std::string& key, const std::string& k, const YAML::Node& val) {
  LegacyGrading& l = c_->legacy_grading;
  if (k == "on_reject") {
    if (val.IsScalar() && (val.Scalar() == "first_error" || val.Scalar() == "grade"))
      l.on_reject_break = val.Scalar() == "first_error";
    else
      errors_.Add(r_.Error(key, "first_error or grade", val));
  } else if (k == "range") {
    double lo = 0, hi = 0;
    if (val.IsScalar() && config::ParseRange(val.Scalar(), &lo, &hi))
      l.range = std::make_pair(lo, hi);
    else
      errors_.Add(r_.Error(key, "two numbers \"min max\" with min <= max", val));
  } else {
    double v = 0;
    if (errors_.Take(r_.Number(key, val, -1e18, 1e18, "a number"), &v))
      (k == "accept_score" ? l.accept_score : l.reject_score) = v;
  }
  c_->notes.push_back(key + ": deprecated (problemtools applies it to every test data group, and so does this judge)");
}

void ProblemReader::CheckStrings(const std::string& key, const YAML::Node& v) {
  errors_.Add(r_.StringOrList(key, v).status());
}

void ProblemReader::ReadCredits(const YAML::Node& v) {
  if (v.IsScalar()) return;
  static const std::vector<std::string> kKeys = {"authors", "contributors", "testers", "translators", "packagers",
                                                 "acknowledgements"};
  for (const auto& [k, val] : r_.MapAll("credits", v, kKeys, &errors_)) {
    if (k != "translators") {
      CheckStrings("credits." + k, val);
      continue;
    }
    for (const auto& [lang, people] : r_.MapAll("credits.translators", val, {}, &errors_))
      CheckStrings("credits.translators." + lang, people);
  }
}

void ProblemReader::ReadSource(const YAML::Node& v) {
  auto one = [&](const std::string& key, const YAML::Node& entry) {
    if (entry.IsScalar()) return c_->sources.push_back(entry.Scalar());
    bool have = false;
    for (const auto& [k, val] : r_.MapAll(key, entry, {"name", "url"}, &errors_)) {
      Result<std::string> text = r_.String(key + "." + k, val);
      if (text.ok() && k == "name") c_->sources.push_back(*text);
      errors_.Add(text.status());
      have = have || k == "name";
    }
    if (entry.IsMap() && !have) errors_.Add(r_.Missing(key + ".name", "a string"));
  };
  if (!v.IsSequence()) return one("source", v);
  for (std::size_t i = 0; i < v.size(); ++i) one("source[" + std::to_string(i) + "]", v[i]);
}

void ProblemReader::ReadIo(const YAML::Node& v) {
  const YAML::Node* input = nullptr;
  const YAML::Node* output = nullptr;
  // Named: input and output point into it.
  const YamlEntries entries = r_.MapAll("io", v, {"mode", "input", "output"}, &errors_);
  for (const auto& [k, val] : entries) {
    if (k == "mode") {
      if (val.IsScalar() && (val.Scalar() == "stdio" || val.Scalar() == "file"))
        c_->io_mode = val.Scalar() == "file" ? IoMode::kFile : IoMode::kStdio;
      else
        errors_.Add(r_.Error("io.mode", "stdio or file", val));
    } else {
      (k == "input" ? input : output) = &val;
    }
  }
  if (c_->io_mode == IoMode::kStdio) {
    if (input) errors_.Add(r_.Error("io.input", "no file name in stdio mode (set io.mode: file)", *input));
    if (output) errors_.Add(r_.Error("io.output", "no file name in stdio mode (set io.mode: file)", *output));
    return;
  }
  if (!input) errors_.Add(r_.Error("io.input", "expected a file name in file mode, found nothing"));
  if (!output) errors_.Add(r_.Error("io.output", "expected a file name in file mode, found nothing"));
  bool ok_in = input && errors_.Take(r_.FileName("io.input", *input), &c_->input_file);
  bool ok_out = output && errors_.Take(r_.FileName("io.output", *output), &c_->output_file);
  if (ok_in && ok_out && c_->input_file == c_->output_file)
    errors_.Add(r_.Error("io.output", "expected a name other than io.input, found " + Quote(c_->output_file)));
}

std::optional<PackageProgram> ProblemReader::ProgramAt(const std::string& key, const YAML::Node& v) {
  std::string rel;
  if (!errors_.Take(r_.String(key, v), &rel)) return std::nullopt;
  bool ok = !rel.empty() && rel[0] != '/' && rel.find("..") == std::string::npos;
  if (!ok) {
    errors_.Add(r_.Error(key, "a path inside the package (relative, without ..)", v));
    return std::nullopt;
  }
  PackageProgram p;
  p.path = JoinPath(c_->dir, rel);
  p.name = fs_std::path(rel).filename().string();
  if (!fs::Exists(p.path) || !InsidePackage(c_->dir, p.path)) {
    errors_.Add(r_.Error(key, "expected a file or folder of the package, found no " + Quote(rel)));
    return std::nullopt;
  }
  p.is_dir = fs::IsDirectory(p.path);
  return p;
}

void ProblemReader::ReadChecker(const YAML::Node& v) {
  std::optional<YAML::Node> abs_tol, rel_tol, source;
  for (const auto& [k, val] : r_.MapAll("checker", v, {"type", "absolute_tolerance", "relative_tolerance", "source"},
                                        &errors_)) {
    if (k == "type") {
      std::optional<CheckerKind> kind = val.IsScalar() ? CheckerKindNamed(val.Scalar()) : std::nullopt;
      if (!kind) {
        errors_.Add(r_.Error("checker.type", CheckerKindNameList(), val));
        continue;
      }
      c_->checker = *kind;
      have_checker_type_ = true;
    } else {
      (k == "absolute_tolerance" ? abs_tol : k == "relative_tolerance" ? rel_tol : source) = val;
    }
  }
  const bool is_float = have_checker_type_ && c_->checker == CheckerKind::kFloat;
  for (auto [node, name, target] : {std::make_tuple(&abs_tol, "absolute_tolerance", &c_->float_absolute_tolerance),
                                    std::make_tuple(&rel_tol, "relative_tolerance", &c_->float_relative_tolerance)}) {
    if (!*node) continue;
    std::string key = std::string("checker.") + name;
    if (!is_float)
      errors_.Add(r_.Error(key, "no tolerance unless checker.type is float", **node));
    else
      (void)errors_.Take(r_.NonNegativeNumber(key, **node), target);
  }
  const bool takes_source = have_checker_type_ && CheckerKindInfoOf(c_->checker).runs_program;
  if (source && !takes_source)
    errors_.Add(r_.Error("checker.source",
                         "no source unless checker.type is " + CheckerKindNameList(&CheckerKindInfo::runs_program),
                         *source));
  else if (source)
    c_->checker_program = ProgramAt("checker.source", *source);
  else if (have_checker_type_ && c_->checker == CheckerKind::kTestlib)
    errors_.Add(r_.Missing("checker.source", "the testlib checker's source in the package"));
}

void ProblemReader::ReadInteractor(const YAML::Node& v) {
  std::optional<YAML::Node> source;
  for (const auto& [k, val] : r_.MapAll("interactor", v, {"type", "source"}, &errors_)) {
    if (k == "source") {
      source = val;
    } else if (val.IsScalar() && (val.Scalar() == "testlib" || val.Scalar() == "kattis")) {
      c_->interactor = val.Scalar() == "testlib" ? InteractorKind::kTestlib : InteractorKind::kKattis;
    } else {
      errors_.Add(r_.Error("interactor.type", "testlib or kattis", val));
    }
  }
  if (!v.IsMap()) return;
  if (!v["type"]) errors_.Add(r_.Missing("interactor.type", "testlib or kattis"));
  if (!source) return errors_.Add(r_.Missing("interactor.source", "the interactor's source in the package"));
  c_->interactor_program = ProgramAt("interactor.source", *source);
  c_->interactive = true;
}

void ProblemReader::ReadPluginOptions(const YAML::Node& v) {
  for (const auto& [k, val] : r_.MapAll("plugin_options", v, {}, &errors_)) {
    std::string key = "plugin_options." + k;
    // Keys and values travel as "key=value" lines (plugin_abi.h).
    bool key_ok = !k.empty();
    for (char c : k) key_ok = key_ok && c != '=' && static_cast<unsigned char>(c) >= 0x20;
    if (!key_ok) {
      errors_.Add(r_.Error(key, "expected a key without '=' or control characters, found " + Quote(k)));
    } else if (!val.IsScalar()) {
      errors_.Add(r_.Error(key, "a scalar (string, number or boolean)", val));
    } else if (val.Scalar().find_first_of("\r\n") != std::string::npos) {
      errors_.Add(r_.Error(key, "a value on one line", val));
    } else {
      c_->plugin_options.emplace_back(k, val.Scalar());
    }
  }
}

void ProblemReader::ReadGroups(const YAML::Node& v) {
  if (!v.IsSequence()) return errors_.Add(r_.Error("groups", "a list of {name, points}", v));
  std::set<std::string> names;
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::string key = "groups[" + std::to_string(i) + "]";
    TestGroup group;
    bool have_name = false, have_points = false;
    for (const auto& [k, val] : r_.MapAll(key, v[i], {"name", "points"}, &errors_)) {
      if (k == "name") {
        have_name = errors_.Take(r_.Identifier(key + ".name", val), &group.name);
        if (have_name && group.name == "sample") {
          errors_.Add(r_.Error(key + ".name", "a group name other than sample", val));
          have_name = false;
        }
      } else {
        have_points = errors_.Take(r_.NonNegativeNumber(key + ".points", val), &group.points);
      }
    }
    if (!v[i].IsMap()) continue;
    if (!have_name && !v[i]["name"]) errors_.Add(r_.Error(key + ".name", "expected a group name, found nothing (required)"));
    if (!have_points && !v[i]["points"])
      errors_.Add(r_.Error(key + ".points", "expected a non-negative number, found nothing (required)"));
    if (!have_name || !have_points) continue;
    if (!names.insert(group.name).second) {
      errors_.Add(r_.Error(key + ".name", "expected a name not used by another group, found " + Quote(group.name)));
      continue;
    }
    c_->groups.push_back(std::move(group));
  }
}

// Ours, else DOMjudge's files, else inferred by the Kattis rule from the accepted
// submissions (judging/time_limit.h); the default wall limit follows the time limit.
void ProblemReader::SettleTimeLimit() {
  ProblemLimits& l = c_->limits;
  if (!limits_.have_time) {
    std::string ini_name;
    Result<std::optional<int64_t>> dj = config::ReadDomjudgeTimeLimit(c_->dir, &c_->time_rule.source, &ini_name);
    if (!dj.ok()) {
      errors_.Add(dj.status());
    } else if (dj->has_value()) {
      l.time_ms = **dj;
    } else {
      c_->time_rule.source = TimeLimitSource::kInferred;
      l.time_ms = 0;
    }
    if (!have_name_ && !ini_name.empty()) c_->name = ini_name;
  }
  if (l.time_ms > 0 && !limits_.have_wall) l.wall_ms = DefaultWallMs(l.time_ms);
}

// checker.type, else plugin, else the Kattis rules: legacy `validation: custom` (or, in
// 2023-07, an output_validator/ folder) means the package's output validator, else the
// default output validator.
void ProblemReader::SettleChecker() {
  if (have_checker_type_ && have_validation_)
    errors_.Add(r_.Error("validation", "expected either checker (this judge's) or validation (Kattis), found both"));
  if (!have_checker_type_) {
    if (!c_->plugin_id.empty()) {
      c_->checker = CheckerKind::kPlugin;
    } else {
      Result<std::vector<PackageProgram>> legacy = ListPrograms(c_->dir, "output_validators");
      const std::string folder_2023 = OutputValidatorFolder(c_->dir);
      bool custom = validation_custom_ || (!have_validation_ && !folder_2023.empty()) ||
                    (!have_validation_ && (c_->interactive || c_->multi_pass));
      c_->checker = custom ? CheckerKind::kKattis : CheckerKind::kDefault;
      if (custom && !folder_2023.empty()) {
        c_->checker_program = PackageProgram{fs_std::path(folder_2023).filename().string(), folder_2023, true};
      } else if (custom && !legacy.ok()) {
        errors_.Add(legacy.status());
      } else if (custom && legacy->size() == 1) {
        c_->checker_program = legacy->front();
      } else if (custom && c_->interactor != InteractorKind::kTestlib) {
        errors_.Add(r_.Error("validation", "expected one output validator in output_validators/ (or "
                                           "output_validator/), found " + std::to_string(legacy->size())));
      }
    }
  }
  if (c_->checker == CheckerKind::kKattis && !c_->checker_program && have_checker_type_) {
    if (auto p = ListPrograms(c_->dir, "output_validators"); p.ok() && p->size() == 1)
      c_->checker_program = p->front();
    else if (std::string f = OutputValidatorFolder(c_->dir); !f.empty())
      c_->checker_program = PackageProgram{fs_std::path(f).filename().string(), f, true};
    else
      errors_.Add(r_.Error("checker.source", "expected the validator's source, or one program in "
                                             "output_validators/, found neither"));
  }
  if (c_->checker == CheckerKind::kPlugin && c_->plugin_id.empty())
    errors_.Add(r_.Error("plugin", "expected a plugin id when checker.type is plugin, found nothing"));
}

// Interactive: the output validator is the interactor (Kattis), unless interactor:
// names a testlib one (its checker, if any, runs after the interaction).
void ProblemReader::SettleInteractor() {
  if (!c_->interactive || c_->interactor != InteractorKind::kNone) return;
  if (c_->checker == CheckerKind::kKattis && c_->checker_program) {
    c_->interactor = InteractorKind::kKattis;
    c_->interactor_program = c_->checker_program;
    return;
  }
  errors_.Add(r_.Error("type", "expected an interactor for an interactive problem (an output validator in "
                               "output_validators/ or output_validator/, or interactor: in problem.yaml), found none"));
}

}  // namespace

Result<ProblemConfig> LoadProblemConfig(const std::string& dir) {
  std::error_code ec;
  if (!fs_std::is_directory(dir, ec))
    return Status::NotFound("problem directory '" + dir + "': " +
                            (fs_std::exists(dir, ec) ? "expected a directory, found a file" : "no such directory"));
  if (IsPolygonPackage(dir)) return LoadPolygonConfig(dir);  // problem.xml and no problem.yaml
  std::string file = JoinPath(dir, "problem.yaml");
  YAML::Node root;
  if (fs_std::exists(file, ec)) {
    JUDGE_ASSIGN_OR_RETURN(root, ParseYamlFile(file));
    if (root.IsNull()) root = YAML::Node(YAML::NodeType::Map);  // an empty file: every default
    if (!root.IsMap())
      return Status::InvalidArgument(file + ": expected a map of keys (name, limits, ...), found " + Describe(root));
  } else if (fs_std::exists(JoinPath(dir, "domjudge-problem.ini"), ec)) {
    root = YAML::Node(YAML::NodeType::Map);  // an old DOMjudge package: the ini says it all
  } else {
    return Status::NotFound(file + ": expected a problem.yaml in the package, found no such file");
  }
  ProblemConfig config;
  config.dir = dir;
  config.id = config::PackageId(dir);
  ProblemReader reader(file, &config);
  JUDGE_RETURN_IF_ERROR(reader.Read(root));
  if (config.name.empty()) config.name = config.id;
  return config;
}

std::string SerializePluginOptions(const ProblemConfig& config) {
  std::string out;
  for (const auto& [k, v] : config.plugin_options) out += k + "=" + v + "\n";
  return out;
}

}  // namespace judge

namespace judge::config {

std::string PackageId(const std::string& dir) {
  std::error_code ec;
  fs_std::path p = fs_std::weakly_canonical(fs_std::absolute(fs_std::path(dir), ec), ec);
  if (ec) p = fs_std::path(dir);
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return fs_std::path(s).filename().string();
}

}  // namespace judge::config
