// The package's tests and test data groups (problem.h: LoadTestData).
//
// Theory of operation
// -------------------
// data/ is walked depth first, sample before secret, and in every folder the test
// files (<name>.in) and the subfolders are merged in byte-wise name order, as the
// Kattis format orders test cases and groups. Every folder is a test data group; its
// settings come from its own testdata.yaml (legacy) or test_group.yaml (2023-07) key
// by key, else from its parent's, else the Kattis defaults (on_reject: break, the
// default grader's worst_error and sum, accept_score 1, reject_score 0, no range).
// Symbolic links are followed only when they lead to a file or folder inside the
// package. Errors of the group files are collected and reported together.
#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
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

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t start = i;
    while (i < s.size() && !std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

// Reads one group's testdata.yaml / test_group.yaml over the settings it inherited.
class GroupFileReader {
 public:
  // Lenient as problemtools: unknown keys and flags, and scores in a pass-fail
  // problem, are notes in *notes.
  GroupFileReader(const std::string& file, bool root, bool scoring, ErrorList* errors,
                  std::vector<std::string>* notes)
      : r_(file, notes), file_(file), root_(root), scoring_(scoring), errors_(errors), notes_(notes) {}

  void Read(const YAML::Node& node, TestGroupConfig* g) {
    static const std::vector<std::string> kKeys = {
        "on_reject", "grading", "grader_flags", "input_validator_flags", "output_validator_flags", "accept_score",
        "reject_score", "range",
        // 2023-07 test_group.yaml
        "scoring", "input_validator_args", "output_validator_args", "static_validation", "full_feedback", "hint",
        "description"};
    if (node.IsNull()) return;
    g->domjudge = DomjudgeGroupSettings();
    for (const auto& [k, v] : r_.MapAll("", node, kKeys, errors_)) ReadKey(k, v, g);
  }

 private:
  void ReadKey(const std::string& k, const YAML::Node& v, TestGroupConfig* g) {
    std::string text;
    if (k == "on_reject") {
      if (v.IsScalar() && (v.Scalar() == "break" || v.Scalar() == "continue")) {
        g->on_reject_break = v.Scalar() == "break";
        g->domjudge.on_reject_continue = !g->on_reject_break;
      } else
        errors_->Add(r_.Error(k, "break or continue", v));
    } else if (k == "grading") {
      if (v.IsScalar() && (v.Scalar() == "default" || v.Scalar() == "custom"))
        g->custom_grader = v.Scalar() == "custom";
      else
        errors_->Add(r_.Error(k, "default or custom", v));
    } else if (k == "grader_flags") {
      if (errors_->Take(r_.String(k, v), &text)) {
        g->grader_flag_words = Words(text);
        ReadGraderFlags(k, v, g->grader_flag_words, g);
      }
    } else if (k == "accept_score" || k == "reject_score") {
      if (!ScoringOnly(k, v)) return;
      double* target = k == "accept_score" ? &g->accept_score : &g->reject_score;
      if (errors_->Take(r_.Number(k, v, -1e18, 1e18, "a number"), target) && k == "accept_score")
        g->domjudge.accept_score = *target;
    } else if (k == "range") {
      if (ScoringOnly(k, v)) ReadRange(k, v, g);
    } else if (k == "output_validator_flags" || k == "output_validator_args") {
      ReadFlags(k, v, &g->output_validator_flags);
    } else if (k == "input_validator_flags" || k == "input_validator_args") {
      ReadInputFlags(k, v, g);
    } else if (k == "scoring") {
      errors_->Add(r_.Error(k, "no scoring map (2023-07 score aggregation is not supported by this judge; use "
                               "testdata.yaml's accept_score and grader_flags)"));
    } else if (k == "full_feedback" || k == "static_validation") {
      bool b = false;
      if (k == "full_feedback" || v.IsScalar()) (void)errors_->Take(r_.Bool(k, v), &b);
      if (k == "static_validation" && (!v.IsScalar() || b))
        errors_->Add(r_.Error(k, "false (static validation is not supported by this judge)", v));
    } else {
      errors_->Add(r_.String(k, v).status());  // hint, description
    }
  }

  // Scores mean nothing in a pass-fail problem: a note, as problemtools ignores them.
  bool ScoringOnly(const std::string& k, const YAML::Node& v) {
    if (scoring_) return true;
    notes_->push_back(file_ + ": " + k + ": " + Describe(v) + " ignored in a pass-fail problem");
    return false;
  }

  void ReadGraderFlags(const std::string& k, const YAML::Node& v, const std::vector<std::string>& words,
                       TestGroupConfig* g) {
    using VM = GraderFlags::VerdictMode;
    using SM = GraderFlags::ScoreMode;
    // The file's grader_flags replace the inherited ones whole (problemtools inherits
    // keys, not flags).
    g->grader = GraderFlags();
    GraderFlags* f = &g->grader;
    for (const auto& w : words) {
      if (w == "worst_error" || w == "no_errors") f->verdict = VM::kWorstError;
      else if (w == "first_error") f->verdict = VM::kFirstError;
      else if (w == "always_accept") f->verdict = VM::kAlwaysAccept;
      else if (w == "sum") f->score = SM::kSum;
      else if (w == "avg") f->score = SM::kAvg;
      else if (w == "min") f->score = SM::kMin;
      else if (w == "max") f->score = SM::kMax;
      else if (w == "accept_if_any_accepted") f->accept_if_any_accepted = true;
      else if (w == "ignore_sample") f->ignore_sample = true;
      // The default grader ignores what it does not know; so do we, saying so.
      else notes_->push_back(file_ + ": " + k + ": unknown flag \"" + w + "\" ignored");
      if (w == "sum" || w == "avg" || w == "min" || w == "max") g->domjudge.aggregation = f->score;
      if (w == "ignore_sample") g->domjudge.ignore_sample = true;
    }
    (void)v;
  }

  void ReadRange(const std::string& k, const YAML::Node& v, TestGroupConfig* g) {
    double lo = 0, hi = 0;
    if (!v.IsScalar() || !config::ParseRange(v.Scalar(), &lo, &hi))
      return errors_->Add(r_.Error(k, "two numbers \"min max\" with min <= max (inf allowed)", v));
    g->range_min = lo;
    g->range_max = hi;
  }

  // A string of words, or (2023-07 *_args) a list of strings.
  void ReadFlags(const std::string& k, const YAML::Node& v, std::vector<std::string>* out) {
    if (v.IsSequence()) return void(errors_->Take(r_.StringList(k, v), out));
    if (v.IsMap()) {
      // Legacy: {name: <validator>, flags: <string>}.
      for (const auto& [mk, mv] : r_.MapAll(k, v, {"name", "flags"}, errors_)) {
        std::string text;
        if (errors_->Take(r_.String(k + "." + mk, mv), &text) && mk == "flags") *out = Words(text);
      }
      return;
    }
    std::string text;
    if (errors_->Take(r_.String(k, v), &text)) *out = Words(text);
  }

  // For every validator, or a map: {name, flags}, or validator name -> flags.
  void ReadInputFlags(const std::string& k, const YAML::Node& v, TestGroupConfig* g) {
    g->input_validator_flags.clear();
    if (!v.IsMap()) return ReadFlags(k, v, &g->input_validator_flags[""]);
    if (v["name"] && v["flags"] && v.size() == 2) {
      std::string name, flags;
      if (errors_->Take(r_.String(k + ".name", v["name"]), &name) &&
          errors_->Take(r_.String(k + ".flags", v["flags"]), &flags))
        g->input_validator_flags[name] = Words(flags);
      return;
    }
    for (const auto& [name, flags] : r_.MapAll(k, v, {}, errors_)) ReadFlags(k + "." + name, flags, &g->input_validator_flags[name]);
  }

  YamlReader r_;
  std::string file_;
  bool root_;
  bool scoring_;
  ErrorList* errors_;
  std::vector<std::string>* notes_;
};

// What one folder holds: test stems and subfolders, merged by name.
struct Entry {
  std::string name;
  bool is_group = false;
};

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() > suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Walks data/ into a TestData.
class DataWalker {
 public:
  DataWalker(const ProblemConfig& config, TestData* out) : config_(config), out_(out) {}

  Status Walk() {
    const fs_std::path data = fs_std::path(config_.dir) / "data";
    std::error_code ec;
    if (!fs_std::is_directory(data, ec))
      return Status::NotFound(data.string() + ": expected the package's test data folder, found none");
    JUDGE_RETURN_IF_ERROR(AddGroup(data, "data", -1));
    for (const char* top : {"sample", "secret"}) {
      fs_std::path folder = data / top;
      if (!fs_std::is_directory(folder, ec)) continue;
      JUDGE_RETURN_IF_ERROR(CheckInside(folder));
      JUDGE_RETURN_IF_ERROR(WalkGroup(folder, top, 0));
    }
    for (const auto& g : out_->groups)
      if (g.custom_grader && !config_.grader_program)
        errors_.Add(Status::InvalidArgument(config_.dir + "/" + g.path +
                                            ": grading: custom: expected a grader program in graders/, found none"));
    JUDGE_RETURN_IF_ERROR(errors_.ToStatus());
    return CheckDeclaredGroups(data / "secret");
  }

 private:
  Status CheckInside(const fs_std::path& p) {
    if (InsidePackage(config_.dir, p.string())) return Status::Ok();
    return Status::InvalidArgument(p.string() + ": expected a file or folder inside the package, found a link "
                                                "leading out of it (or to nothing)");
  }

  Status AddGroup(const fs_std::path& folder, const std::string& rel, int parent) {
    TestGroupConfig g = parent >= 0 ? out_->groups[static_cast<std::size_t>(parent)] : TestGroupConfig();
    g.path = rel;
    g.parent = parent;
    g.has_file = false;
    for (const char* name : {"testdata.yaml", "test_group.yaml"}) {
      fs_std::path file = folder / name;
      if (!fs::Exists(file.string())) continue;
      JUDGE_RETURN_IF_ERROR(CheckInside(file));
      Result<YAML::Node> node = ParseYamlFile(file.string());
      if (!node.ok()) {
        errors_.Add(node.status());
        continue;
      }
      GroupFileReader(file.string(), parent < 0, config_.scoring, &errors_, &out_->notes).Read(*node, &g);
      g.has_file = true;
      out_->has_group_files = true;
    }
    // problem.yaml's deprecated grading keys override every group (problemtools, "during
    // a transition period").
    const LegacyGrading& legacy = config_.legacy_grading;
    if (legacy.accept_score) g.accept_score = *legacy.accept_score;
    if (legacy.reject_score) g.reject_score = *legacy.reject_score;
    if (legacy.range) g.range_min = legacy.range->first, g.range_max = legacy.range->second;
    if (legacy.on_reject_break) g.on_reject_break = *legacy.on_reject_break;
    out_->groups.push_back(std::move(g));
    return Status::Ok();
  }

  // The folder's tests (by stem) and subfolders, in name order. rel: the folder below
  // data/ ("secret/group1"), for the warnings.
  Result<std::vector<Entry>> List(const fs_std::path& folder, const std::string& rel) {
    std::vector<Entry> entries;
    std::set<std::string> answers, inputs;  // stems
    std::error_code ec;
    fs_std::directory_iterator it(folder, ec);
    if (ec) return Status::IoError(folder.string() + ": cannot list: " + ec.message());
    for (; it != fs_std::directory_iterator(); it.increment(ec)) {
      if (ec) return Status::IoError(folder.string() + ": cannot list: " + ec.message());
      std::string name = it->path().filename().string();
      if (name.empty() || name[0] == '.') continue;
      bool is_dir = it->is_directory(ec);
      if (is_dir || EndsWith(name, ".in") || EndsWith(name, ".interaction")) {
        if (it->is_symlink(ec)) JUDGE_RETURN_IF_ERROR(CheckInside(it->path()));
      }
      if (is_dir) {
        entries.push_back({name, true});
      } else if (EndsWith(name, ".in")) {
        entries.push_back({name.substr(0, name.size() - 3), false});
      } else if (EndsWith(name, ".interaction")) {
        out_->interaction_files.push_back(it->path().string());
        inputs.insert(name.substr(0, name.size() - 12));
      } else if (EndsWith(name, ".ans")) {
        answers.insert(name.substr(0, name.size() - 4));
      }
    }
    std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.name < b.name; });
    for (const auto& e : entries)
      if (!e.is_group) inputs.insert(e.name);
    WarnOfAnswersWithoutInput(answers, inputs, "data/" + rel + "/");
    return entries;
  }

  // An answer whose input is missing is no test, but its author most likely misnamed
  // or forgot the input: one line each says so.
  void WarnOfAnswersWithoutInput(const std::set<std::string>& answers, const std::set<std::string>& inputs,
                                 const std::string& prefix) {
    for (const auto& stem : answers)
      if (inputs.count(stem) == 0)
        out_->warnings.push_back(prefix + stem + ".ans: answer without an input " + prefix + stem + ".in; ignored");
  }

  Status WalkGroup(const fs_std::path& folder, const std::string& rel, int parent) {
    JUDGE_RETURN_IF_ERROR(AddGroup(folder, "data/" + rel, parent));
    const int index = static_cast<int>(out_->groups.size()) - 1;
    JUDGE_ASSIGN_OR_RETURN(std::vector<Entry> entries, List(folder, rel));
    for (const auto& e : entries) {
      if (e.is_group) {
        JUDGE_RETURN_IF_ERROR(WalkGroup(folder / e.name, rel + "/" + e.name, index));
      } else {
        JUDGE_RETURN_IF_ERROR(AddTest(folder, rel, e.name, index));
      }
    }
    return Status::Ok();
  }

  Status AddTest(const fs_std::path& folder, const std::string& rel, const std::string& stem, int group) {
    TestCase t;
    t.name = rel + "/" + stem;
    std::size_t slash = rel.find('/');
    if (rel.rfind("secret", 0) == 0)
      t.group = slash == std::string::npos ? "secret" : rel.substr(slash + 1, rel.find('/', slash + 1) - slash - 1);
    else
      t.group = "sample";
    // A link (checked to stay inside the package) is replaced by its target: the runs
    // open test files without following links.
    fs_std::path in = folder / (stem + ".in");
    std::error_code ec;
    t.input_path = fs_std::is_symlink(in, ec) ? fs_std::canonical(in, ec).string() : in.string();
    if (ec) return Status::IoError(in.string() + ": cannot resolve the link: " + ec.message());
    fs_std::path ans = folder / (stem + ".ans");
    // Whatever stands there is the answer: reading it refuses a FIFO or a device with
    // one line instead of grading without it.
    if (fs_std::exists(fs_std::symlink_status(ans, ec))) {
      if (fs_std::is_symlink(ans, ec)) {
        JUDGE_RETURN_IF_ERROR(CheckInside(ans));
        ans = fs_std::canonical(ans, ec);
        if (ec) return Status::IoError(ans.string() + ": cannot resolve the link: " + ec.message());
      }
      t.answer_path = ans.string();
    }
    t.group_index = group;
    out_->tests.push_back(std::move(t));
    return Status::Ok();
  }

  // Our own groups (problem.yaml groups:): every folder of data/secret must be one, and
  // tests directly in data/secret count only as the group named "secret".
  Status CheckDeclaredGroups(const fs_std::path& secret) {
    if (config_.groups.empty()) return Status::Ok();
    std::set<std::string> declared;
    std::string names;
    for (const auto& g : config_.groups) {
      declared.insert(g.name);
      names += (names.empty() ? "" : ", ") + g.name;
    }
    std::set<std::string> present;
    for (const auto& t : out_->tests) {
      if (t.group == "sample") continue;
      present.insert(t.group);
      if (declared.count(t.group)) continue;
      if (t.group == "secret")
        return Status::InvalidArgument(t.input_path + ": expected every secret test in a group declared in "
                                       "problem.yaml groups (" + names + "), found a test directly in data/secret "
                                       "(declare a group named secret for them, or move them into a group folder)");
      return Status::InvalidArgument((secret / t.group).string() + ": expected a group declared in problem.yaml "
                                     "groups (" + names + "), found an undeclared folder");
    }
    for (const auto& g : config_.groups) {
      std::error_code ec;
      if (g.name == "secret" ? !present.count("secret") : !fs_std::is_directory(secret / g.name, ec))
        return Status::NotFound((g.name == "secret" ? secret.string() + " (tests directly in it)"
                                                    : (secret / g.name).string()) +
                                ": expected the tests of group '" + g.name + "' declared in problem.yaml, found none");
    }
    return Status::Ok();
  }

  const ProblemConfig& config_;
  TestData* out_;
  ErrorList errors_;
};

}  // namespace

Result<TestData> LoadTestData(const ProblemConfig& config) {
  if (config.format_version == kPolygonFormat) return LoadPolygonTests(config);
  TestData data;
  DataWalker walker(config, &data);
  JUDGE_RETURN_IF_ERROR(walker.Walk());
  return data;
}

Result<std::vector<TestCase>> ListTests(const ProblemConfig& config) {
  JUDGE_ASSIGN_OR_RETURN(TestData data, LoadTestData(config));
  return std::move(data.tests);
}

}  // namespace judge
