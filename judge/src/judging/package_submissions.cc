// The example submissions of a package and their expectations (see
// judge/judging/package_submissions.h).
#include "judge/judging/package_submissions.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

#include "judge/base/files.h"
#include "judge/config/polygon.h"
#include "judge/config/submissions_yaml.h"
#include "judge/grading/language_choice.h"

namespace judge {
namespace {

// Built on first use, not at every start of the judge.
const std::set<Verdict>& Failures() {
  static const std::set<Verdict> failures = {Verdict::kWrongAnswer,         Verdict::kTimeLimitExceeded,
                                             Verdict::kRuntimeError,        Verdict::kMemoryLimitExceeded,
                                             Verdict::kOutputLimitExceeded, Verdict::kPresentationError};
  return failures;
}

// "rejected": any verdict but AC, a compile error included.
const std::set<Verdict>& Rejections() {
  static const std::set<Verdict> all = [] {
    std::set<Verdict> s = Failures();
    s.insert(Verdict::kCompileError);
    return s;
  }();
  return all;
}

// A verdict as the tools write it: our codes, Kattis's (RTE), DOMjudge's names.
std::optional<Verdict> VerdictName(std::string name) {
  for (char& c : name) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  static const std::map<std::string, Verdict> kNames = {
      {"AC", Verdict::kAccepted}, {"ACCEPTED", Verdict::kAccepted}, {"CORRECT", Verdict::kAccepted},
      {"WA", Verdict::kWrongAnswer}, {"WRONG_ANSWER", Verdict::kWrongAnswer}, {"NO_OUTPUT", Verdict::kWrongAnswer},
      {"TLE", Verdict::kTimeLimitExceeded}, {"TIME_LIMIT_EXCEEDED", Verdict::kTimeLimitExceeded},
      {"TIMELIMIT", Verdict::kTimeLimitExceeded}, {"RTE", Verdict::kRuntimeError}, {"RE", Verdict::kRuntimeError},
      {"RUN_TIME_ERROR", Verdict::kRuntimeError}, {"RUN_ERROR", Verdict::kRuntimeError},
      {"MLE", Verdict::kMemoryLimitExceeded}, {"MEMORY_LIMIT_EXCEEDED", Verdict::kMemoryLimitExceeded},
      {"OLE", Verdict::kOutputLimitExceeded}, {"OUTPUT_LIMIT", Verdict::kOutputLimitExceeded},
      {"OUTPUT_LIMIT_EXCEEDED", Verdict::kOutputLimitExceeded}, {"PE", Verdict::kPresentationError},
      {"PRESENTATION_ERROR", Verdict::kPresentationError}, {"CE", Verdict::kCompileError},
      {"COMPILE_ERROR", Verdict::kCompileError}, {"COMPILER_ERROR", Verdict::kCompileError},
      {"JE", Verdict::kJudgeError}};
  auto it = kNames.find(name);
  if (it == kNames.end()) return std::nullopt;
  return it->second;
}

Result<std::set<Verdict>> VerdictSet(const std::vector<std::string>& names, const std::string& where) {
  std::set<Verdict> out;
  for (const auto& n : names) {
    std::optional<Verdict> v = VerdictName(n);
    if (!v) return Status::InvalidArgument(where + ": expected verdicts (AC, WA, TLE, RTE, ...), found \"" + n + "\"");
    out.insert(*v);
  }
  return out;
}

// The 2025-09 requirements of the verdict folders: a rule named exactly like the folder
// keeps those of these that it does not give.
struct FolderDefault {
  std::optional<std::set<Verdict>> permitted, required;
};
const std::map<std::string, FolderDefault>& FolderDefaults() {
  using V = Verdict;
  static const std::map<std::string, FolderDefault> defaults = {
      {"accepted", {std::set<V>{V::kAccepted}, std::nullopt}},
      {"rejected", {std::nullopt, std::set<V>{V::kRuntimeError, V::kTimeLimitExceeded, V::kWrongAnswer}}},
      {"wrong_answer", {std::set<V>{V::kAccepted, V::kWrongAnswer}, std::set<V>{V::kWrongAnswer}}},
      {"time_limit_exceeded",
       {std::set<V>{V::kAccepted, V::kTimeLimitExceeded}, std::set<V>{V::kTimeLimitExceeded}}},
      {"run_time_error", {std::set<V>{V::kAccepted, V::kRuntimeError}, std::set<V>{V::kRuntimeError}}},
      {"brute_force", {std::set<V>{V::kAccepted, V::kRuntimeError, V::kTimeLimitExceeded},
                       std::set<V>{V::kRuntimeError, V::kTimeLimitExceeded}}},
  };
  return defaults;
}

// A requirement of submissions.yaml with its verdicts read; use_for_time_limit lower
// stands for permitted [AC, WA, RTE], upper for required [TLE], where not given.
Result<TestRequirement> ReadRequirement(const SubmissionRequirement& r, const std::string& origin,
                                        const std::string& file) {
  TestRequirement t;
  t.tests = r.tests;
  t.message = r.message;
  t.origin = origin;
  const std::string where = file + ": " + origin;
  if (r.permitted) {
    JUDGE_ASSIGN_OR_RETURN(t.permitted, VerdictSet(*r.permitted, where + ".permitted"));
  }
  if (r.required) {
    JUDGE_ASSIGN_OR_RETURN(t.required, VerdictSet(*r.required, where + ".required"));
  }
  if (r.use_for_time_limit == TimeLimitUse::kLower && !t.permitted)
    t.permitted = {Verdict::kAccepted, Verdict::kWrongAnswer, Verdict::kRuntimeError};
  if (r.use_for_time_limit == TimeLimitUse::kUpper && !t.required) t.required = {Verdict::kTimeLimitExceeded};
  return t;
}

bool Empty(const TestRequirement& t) { return !t.permitted && !t.required && t.message.empty(); }

// The rules of submissions.yaml that match a submission, applied over its expectation:
// each adds its requirements. *folder_replaced: a rule named like the submission's
// verdict folder gave verdicts, which replace the folder's own expectation.
Status ApplyRules(const std::vector<SubmissionRule>& rules, const std::string& file, PackageSubmission* s,
                  bool* folder_replaced) {
  std::string path = s->subject;
  if (!path.empty() && path.back() == '/') path.pop_back();
  for (const auto& rule : rules) {
    if (!SubmissionGlobMatches(rule.glob, path)) continue;
    if (!s->expected) s->expected = Expectation{};
    Expectation& e = *s->expected;
    JUDGE_ASSIGN_OR_RETURN(TestRequirement all, ReadRequirement(rule.all, rule.glob, file));
    if (!s->folder.empty() && rule.glob == s->folder && FolderExpectation(s->folder) &&
        (all.permitted || all.required)) {
      *folder_replaced = true;
      auto d = FolderDefaults().find(s->folder);
      if (d != FolderDefaults().end()) {
        if (!all.permitted) all.permitted = d->second.permitted;
        if (!all.required) all.required = d->second.required;
      }
    }
    if (!Empty(all)) e.requirements.push_back(std::move(all));
    if (rule.all.use_for_time_limit) e.time_limit_use = rule.all.use_for_time_limit;
    for (const SubmissionRequirement& g : rule.groups) {
      JUDGE_ASSIGN_OR_RETURN(TestRequirement t, ReadRequirement(g, rule.glob + "." + g.tests, file));
      if (!Empty(t)) e.requirements.push_back(std::move(t));
      if (g.use_for_time_limit == TimeLimitUse::kLower) e.lower_bound_tests.push_back(g.tests);
    }
    if (rule.score) e.score = rule.score;
    if (!rule.language.empty()) e.language = rule.language;
    if (!rule.entrypoint.empty()) e.entrypoint = rule.entrypoint;
    for (const auto& u : rule.unsupported) s->problem += (s->problem.empty() ? "" : "; ") + u + " is not supported";
  }
  return Status::Ok();
}

// The allowed final verdicts of a submission whose requirements replace its folder's,
// or that has requirements but no folder verdict: what the requirements on every test
// permit (not AC when one requires a failure).
void Complete(Expectation* e, bool folder_replaced) {
  if (folder_replaced) e->allowed.clear();
  if (!e->allowed.empty() || !e->per_test()) return;
  std::set<Verdict> allowed = Failures();
  allowed.insert(Verdict::kAccepted);
  bool must_fail = false;
  for (const TestRequirement& r : e->requirements) {
    if (r.tests.empty() && r.permitted)
      for (auto it = allowed.begin(); it != allowed.end();) it = VerdictInSet(*it, *r.permitted) ? ++it : allowed.erase(it);
    if (r.required && !r.required->count(Verdict::kAccepted)) must_fail = true;
  }
  if (must_fail) allowed.erase(Verdict::kAccepted);
  e->allowed = allowed.empty() ? std::set<Verdict>{Verdict::kAccepted} : allowed;
}

Status ListFolder(const std::string& root, const std::string& package_dir, const std::string& folder,
                  std::vector<PackageSubmission>* out) {
  const std::string dir = root + "/" + folder;
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> files, fs::ListFiles(dir));
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> links, fs::ListFileLinks(dir));
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> dirs, fs::ListDirs(dir));
  files.insert(files.end(), links.begin(), links.end());
  std::vector<std::pair<std::string, bool>> entries;
  for (const auto& f : files)
    if (!f.empty() && f[0] != '.') entries.emplace_back(f, false);
  for (const auto& d : dirs) entries.emplace_back(d, true);
  std::sort(entries.begin(), entries.end());
  for (const auto& [name, is_dir] : entries) {
    PackageSubmission s;
    s.path = dir + "/" + name;
    if (!InsidePackage(package_dir, s.path))
      return Status::InvalidArgument(s.path + ": expected a submission inside the package, found a link leading out");
    s.subject = folder + "/" + name + (is_dir ? "/" : "");
    s.is_folder = is_dir;
    s.folder = folder;
    s.expected = FolderExpectation(folder);
    out->push_back(std::move(s));
  }
  return Status::Ok();
}

// The @EXPECTED_RESULTS@ marker of a file, or of any file of a folder.
Status ApplyMarker(PackageSubmission* s) {
  std::vector<std::string> paths;
  if (s->is_folder) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> files, fs::ListFiles(s->path));
    for (const auto& f : files) paths.push_back(s->path + "/" + f);
  } else {
    paths.push_back(s->path);
  }
  for (const auto& p : paths) {
    Result<std::string> text = fs::ReadFile(p, 64 << 20);
    if (!text.ok()) continue;  // reported when the submission is read
    JUDGE_ASSIGN_OR_RETURN(std::optional<Expectation> marked, ExpectedResultsMarker(*text));
    if (!marked) continue;
    if (s->expected) {
      marked->partial = s->expected->partial;
      // A score tag alone keeps the folder's verdicts.
      if (marked->allowed.empty() && !marked->check_manually && marked->not_checked.empty())
        marked->allowed = s->expected->allowed;
    }
    if (marked->allowed.empty() && !marked->check_manually && marked->not_checked.empty())
      marked->allowed = {Verdict::kAccepted};
    s->expected = marked;
    return Status::Ok();
  }
  return Status::Ok();
}

}  // namespace

bool VerdictInSet(Verdict v, const std::set<Verdict>& set) {
  if (set.count(v)) return true;
  if (v == Verdict::kMemoryLimitExceeded || v == Verdict::kOutputLimitExceeded) return set.count(Verdict::kRuntimeError) > 0;
  if (v == Verdict::kPresentationError) return set.count(Verdict::kWrongAnswer) > 0;
  return false;
}

std::optional<Expectation> FolderExpectation(const std::string& folder) {
  static const std::map<std::string, std::set<Verdict>> kFolders = {
      {"accepted", {Verdict::kAccepted}},
      {"wrong_answer", {Verdict::kWrongAnswer}},
      {"no_output", {Verdict::kWrongAnswer}},
      {"time_limit_exceeded", {Verdict::kTimeLimitExceeded}},
      {"run_time_error", {Verdict::kRuntimeError}},
      {"memory_limit_exceeded", {Verdict::kMemoryLimitExceeded}},
      {"output_limit_exceeded", {Verdict::kOutputLimitExceeded}},
      {"output_limit", {Verdict::kOutputLimitExceeded}},
      {"presentation_error", {Verdict::kPresentationError}},
      {"compile_error", {Verdict::kCompileError}},
      {"compiler_error", {Verdict::kCompileError}},
      {"partially_accepted", {Verdict::kAccepted}},
      {"slow_accepted", {Verdict::kAccepted}},
      {"rejected", Rejections()},
      {"brute_force", {Verdict::kTimeLimitExceeded, Verdict::kRuntimeError, Verdict::kMemoryLimitExceeded}},
  };
  Expectation e;
  if (folder == "check_manually") {
    e.check_manually = true;
    return e;
  }
  auto it = kFolders.find(folder);
  if (it == kFolders.end()) return std::nullopt;
  e.allowed = it->second;
  e.partial = folder == "partially_accepted";
  e.slow = folder == "slow_accepted";
  return e;
}

namespace {

// The words after `marker` up to the end of its line (a comment's "*/" ends it), or
// nullopt when the text has no such line; a second one is an error.
Result<std::optional<std::vector<std::string>>> TagWords(const std::string& text, const std::string& marker) {
  std::size_t at = text.find(marker);
  if (at == std::string::npos) return std::optional<std::vector<std::string>>();
  if (text.find(marker, at + marker.size()) != std::string::npos)
    return Status::InvalidArgument(marker + " expected once, found twice");
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = at + marker.size(); i < text.size() && text[i] != '\n'; ++i) {
    char c = text[i];
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.') {
      word += c;
      continue;
    }
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
    if (c != ',' && c != ' ' && c != '\t' && c != '\r') break;
  }
  if (!word.empty()) words.push_back(std::move(word));
  return std::optional<std::vector<std::string>>(std::move(words));
}

bool IsNumber(const std::string& w, double* v) {
  char* end = nullptr;
  *v = std::strtod(w.c_str(), &end);
  return !w.empty() && end && *end == '\0';
}

}  // namespace

Result<std::optional<Expectation>> ExpectedResultsMarker(const std::string& text) {
  JUDGE_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> results, TagWords(text, "@EXPECTED_RESULTS@:"));
  JUDGE_ASSIGN_OR_RETURN(std::optional<std::vector<std::string>> score, TagWords(text, "@EXPECTED_SCORE@:"));
  if (!results && !score) return std::optional<Expectation>();
  Expectation e;
  e.from_source = true;
  double v = 0;
  if (score && score->size() == 1 && IsNumber(score->front(), &v)) {
    e.score = std::make_pair(v - 1e-6 * std::max(1.0, std::abs(v)), v + 1e-6 * std::max(1.0, std::abs(v)));
  } else if (score && !results) {
    results = score;  // DOMjudge: verdict names under @EXPECTED_SCORE@ are results
  } else if (score) {
    return Status::InvalidArgument("@EXPECTED_SCORE@: expected a number, found \"" +
                                   (score->empty() ? std::string() : score->front()) + "\"");
  }
  std::vector<std::string> unknown;
  for (const auto& word : results.value_or(std::vector<std::string>())) {
    std::string upper = word;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (upper == "CHECK-MANUALLY" || upper == "CHECK_MANUALLY") {
      e.check_manually = true;
    } else if (std::optional<Verdict> verdict = VerdictName(word)) {
      e.allowed.insert(*verdict);
    } else {
      unknown.push_back(word);
    }
  }
  if (e.allowed.empty() && !e.check_manually) {
    if (unknown.empty() && !e.score) return Status::InvalidArgument("@EXPECTED_RESULTS@: names no verdict");
    if (!unknown.empty()) {
      std::string names;
      for (const auto& u : unknown) names += (names.empty() ? "" : ", ") + u;
      e.not_checked = "@EXPECTED_RESULTS@: " + names + ": no result this judge gives";
    }
  }
  return std::optional<Expectation>(e);
}

Result<std::vector<PackageSubmission>> ListPackageSubmissions(const std::string& package_dir) {
  if (IsPolygonPackage(package_dir)) return ListPolygonSubmissions(package_dir);
  std::vector<PackageSubmission> out;
  const std::string root = package_dir + "/submissions";
  if (!fs::IsDirectory(root)) return out;
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> loose, fs::ListFiles(root));
  for (const auto& f : loose) {
    if (f.empty() || f[0] == '.' || f == "submissions.yaml") continue;
    out.push_back({f, root + "/" + f, false, "", std::nullopt, ""});
  }
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> folders, fs::ListDirs(root));
  for (const auto& folder : folders) JUDGE_RETURN_IF_ERROR(ListFolder(root, package_dir, folder, &out));
  const std::string yaml = root + "/submissions.yaml";
  JUDGE_ASSIGN_OR_RETURN(std::vector<SubmissionRule> rules, LoadSubmissionsYaml(yaml));
  for (auto& s : out) {
    // A bad tag (given twice, a score that is no number) makes DOMjudge refuse the
    // submission: it is listed, not checked, with the reason.
    if (Status marker = ApplyMarker(&s); !marker.ok()) {
      s.expected = Expectation{};
      s.expected->not_checked = s.path + ": " + marker.message();
      continue;
    }
    bool folder_replaced = false;
    JUDGE_RETURN_IF_ERROR(ApplyRules(rules, yaml, &s, &folder_replaced));
    if (s.expected) Complete(&*s.expected, folder_replaced);
  }
  return out;
}

namespace {

// submissions.yaml's entrypoint of a folder: the file it names (exactly, or with the
// language's extension) becomes the entry, as the language's own source name would. A
// Java or Kotlin entrypoint names a class: the class with main is found anyway.
// The folder's file the entrypoint of submissions.yaml names becomes the profile's
// source; "" when found (or the profile finds its own), else why not.
Result<std::string> UseEntrypoint(const PackageSubmission& s, LanguageProfile* profile) {
  const std::string& entry = s.expected->entrypoint;
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> files, fs::ListFiles(s.path));
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> links, fs::ListFileLinks(s.path));
  files.insert(files.end(), links.begin(), links.end());
  std::vector<std::string> names = {entry};
  std::vector<std::string> exts = profile->extensions;
  const std::size_t dot = profile->source_name.rfind('.');
  if (dot != std::string::npos) exts.push_back(profile->source_name.substr(dot));
  for (const auto& ext : exts) names.push_back(entry + ext);
  for (const auto& name : names) {
    if (std::find(files.begin(), files.end(), name) == files.end()) continue;
    profile->source_name = name;
    return std::string();
  }
  if (profile->source_name.find("{public_class}") != std::string::npos) return std::string();
  return s.path + ": entrypoint \"" + entry +
         "\" of submissions.yaml: expected a file of the folder, found none of that name";
}

PackageSubmissionRead NotRead(PackageSubmissionRead::Outcome outcome, std::string reason) {
  PackageSubmissionRead r;
  r.outcome = outcome;
  r.reason = std::move(reason);
  return r;
}

// The files read, or refused (SubmissionRead's refusal: the package's fault).
PackageSubmissionRead FromFiles(SubmissionRead read) {
  if (!read.submission) return NotRead(PackageSubmissionRead::Outcome::kRefused, std::move(read.refusal));
  PackageSubmissionRead r;
  r.submission = std::move(*read.submission);
  return r;
}

// The one language a folder's files' extensions name: "" when none names one (a
// refusal is set when two do).
Result<std::string> FolderLanguage(const PackageSubmission& s, const LanguageSet& languages, std::string* refusal) {
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> files, fs::ListFiles(s.path));
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> links, fs::ListFileLinks(s.path));
  files.insert(files.end(), links.begin(), links.end());
  std::string lang;
  for (const auto& f : files) {
    const LanguageProfile* p = languages.ForFile(f);
    if (!p) continue;
    if (!lang.empty() && lang != p->id) {
      *refusal = s.path + ": expected the files of one language, found " + lang + " and " + p->id +
                 " (name it in submissions.yaml)";
      return std::string();
    }
    lang = p->id;
  }
  return lang;
}

// The language submissions.yaml names: a profile id, or a Kattis code a profile claims.
std::string NamedLanguage(const PackageSubmission& s, const LanguageSet& languages) {
  std::string lang = s.expected ? s.expected->language : "";
  if (lang.empty() || languages.Find(lang)) return lang;
  for (const auto& p : languages.profiles())
    if (!p.extensions.empty() && !p.kattis_code.empty() && p.kattis_code == lang) return p.id;
  return lang;
}

}  // namespace

Result<PackageSubmissionRead> ReadPackageSubmission(const PackageSubmission& s, const LanguageSet& languages,
                                                    const std::string& package_dir) {
  using Outcome = PackageSubmissionRead::Outcome;
  std::string lang = NamedLanguage(s, languages);
  if (Status known = KnownLanguageId(languages, lang); !known.ok())
    return NotRead(Outcome::kRefused, known.message());
  if (s.is_folder && lang.empty()) {
    std::string refusal;
    JUDGE_ASSIGN_OR_RETURN(lang, FolderLanguage(s, languages, &refusal));
    if (!refusal.empty()) return NotRead(Outcome::kRefused, std::move(refusal));
    if (lang.empty()) return NotRead(Outcome::kSkipped, s.path + ": no file of a known language in the folder");
  }
  // The id is known (or none is named): the only reasons left are this host's (an
  // extension no profile claims, Python 2, tools not installed).
  Result<LanguageProfile> profile = ChooseLanguage(languages, s.path, lang);
  if (!profile.ok()) return NotRead(Outcome::kSkipped, profile.status().message());
  if (!s.is_folder) {
    JUDGE_ASSIGN_OR_RETURN(SubmissionRead read, ReadSubmissionFile(s.path, *profile));
    return FromFiles(std::move(read));
  }
  if (s.expected && !s.expected->entrypoint.empty()) {
    JUDGE_ASSIGN_OR_RETURN(std::string refusal, UseEntrypoint(s, &*profile));
    if (!refusal.empty()) return NotRead(Outcome::kRefused, std::move(refusal));
  }
  JUDGE_ASSIGN_OR_RETURN(SubmissionRead read, ReadSubmissionFolder(s.path, package_dir, *profile));
  return FromFiles(std::move(read));
}

}  // namespace judge
