// Verifying a problem package (see judge/verify.h).
#include "judge/verify.h"

#include <algorithm>
#include <mutex>

#include "judge/base/files.h"
#include "judge/language_choice.h"

namespace judge {
namespace {

struct SubmissionFile {
  std::string subject;  // "accepted/sol.cpp"
  std::string path;
  std::optional<Verdict> expected;
  std::string folder;
};

Result<std::vector<SubmissionFile>> ListSubmissions(const std::string& dir) {
  std::vector<SubmissionFile> out;
  std::string root = dir + "/submissions";
  if (!fs::IsDirectory(root)) return out;
  JUDGE_ASSIGN_OR_RETURN(auto loose, fs::ListFiles(root));  // files directly under: none expected
  for (const auto& f : loose) out.push_back({f, root + "/" + f, std::nullopt, ""});
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> folders, fs::ListDirs(root));
  for (const auto& folder : folders) {
    JUDGE_ASSIGN_OR_RETURN(auto files, fs::ListFiles(root + "/" + folder));
    for (const auto& f : files) {
      if (f.empty() || f[0] == '.') continue;
      out.push_back({folder + "/" + f, root + "/" + folder + "/" + f, ParseVerdictFolderName(folder), folder});
    }
  }
  return out;
}

// Collects checks and reports each one as it is made.
class Checks {
 public:
  Checks(VerifyReport* report, const VerifyOptions& options) : report_(report), options_(options) {}
  void Add(VerifyCheck c) {
    std::lock_guard<std::mutex> lock(mu_);
    if (options_.on_check) options_.on_check(c);
    report_->checks.push_back(std::move(c));
  }

 private:
  std::mutex mu_;
  VerifyReport* report_;
  const VerifyOptions& options_;
};

// 1: the input is valid (when the package has a plugin to ask).
void CheckInput(const Package& pkg, const TestCase& t, const std::string& input, Checks* checks) {
  if (!pkg.plugin) return;
  Result<ValidateOutcome> v = pkg.plugin->Validate(input);
  if (!v.ok())
    checks->Add({"validate", t.name, false, true, "valid", "JE", v.status().message()});
  else
    checks->Add({"validate", t.name, v->valid, false, "valid", v->valid ? "valid" : "invalid", v->message});
}

// 2: the .ans is a right answer, judged by the package's checker against the
// reference solver's answer (any right answer passes when answers are not unique).
void CheckAnswer(const Package& pkg, const TestCase& t, const std::string& input, Checks* checks) {
  if (t.answer_path.empty())
    return checks->Add({"answer", t.name, false, false, ".ans", "missing", "no " + t.name + ".ans beside the input"});
  Result<std::string> ans = fs::ReadFile(t.answer_path);
  if (!ans.ok()) return checks->Add({"answer", t.name, false, true, "AC", "unreadable", ans.status().message()});
  if (!pkg.plugin) return;  // no reference solver to compare with
  Result<std::string> solved = pkg.plugin->Solve(input);
  if (!solved.ok()) {
    bool invalid = solved.status().code() == StatusCode::kInvalidArgument;
    return checks->Add({"answer", t.name, false, !invalid, "AC", invalid ? "invalid input" : "JE",
                        "reference solver: " + solved.status().message()});
  }
  Result<CheckOutcome> c = pkg.checker->Check(input, *ans, *solved);
  if (!c.ok()) return checks->Add({"answer", t.name, false, true, "AC", "JE", c.status().message()});
  bool ok = c->verdict == CheckVerdict::kAccepted;
  checks->Add({"answer", t.name, ok, false, "AC", std::string(CheckVerdictName(c->verdict)), c->message});
}

void CheckTests(const Package& pkg, const std::atomic<bool>* cancel, Checks* checks) {
  for (const auto& t : pkg.tests) {
    if (cancel && cancel->load()) return;
    Result<std::string> input = fs::ReadFile(t.input_path);
    if (!input.ok()) {
      checks->Add({"validate", t.name, false, true, "valid", "unreadable", input.status().message()});
      continue;
    }
    CheckInput(pkg, t, *input, checks);
    CheckAnswer(pkg, t, *input, checks);
  }
}

// A check that is decided before judging (no verdict folder, unknown language), or
// the JudgeTask that will decide it.
std::optional<VerifyCheck> Precheck(const SubmissionFile& s, const LanguageSet& languages, const Package& pkg,
                                    std::optional<JudgeTask>* task) {
  VerifyCheck c{"submission", s.subject, false, false, s.expected ? std::string(VerdictCode(*s.expected)) : "?", "-", ""};
  if (!s.expected) {
    c.message = s.folder.empty() ? "not in a verdict folder (expected submissions/<verdict>/" + s.subject + ")"
                                 : "folder `" + s.folder + "` names no verdict (expected accepted, wrong_answer, ...)";
    return c;
  }
  Result<LanguageProfile> profile = ChooseLanguage(languages, s.path, "");
  Result<NewSubmission> fresh = profile.ok() ? ReadSubmissionFile(s.path, *profile) : profile.status();
  if (!fresh.ok()) {
    StatusCode code = fresh.status().code();
    // A language not installed here is skipped, saying so: never a failure of the package.
    c.ok = code == StatusCode::kUnsupported;
    c.found = c.ok ? "skipped" : "-";
    c.judge_error = code != StatusCode::kInvalidArgument && code != StatusCode::kUnsupported;
    c.message = fresh.status().message();
    return c;
  }
  JudgeTask t;
  t.package = &pkg;
  t.fresh = std::move(fresh).value();
  *task = std::move(t);
  return std::nullopt;
}

VerifyCheck Decide(const SubmissionFile& s, const Result<JudgedSubmission>& r) {
  VerifyCheck c{"submission", s.subject, false, false, std::string(VerdictCode(*s.expected)), "JE", ""};
  if (!r.ok()) {
    c.judge_error = true;
    c.message = r.status().message();
    return c;
  }
  const Judging& j = r->judging;
  Verdict v = j.verdict.value_or(Verdict::kJudgeError);
  c.found = std::string(VerdictCode(v));
  c.ok = v == *s.expected;
  c.judge_error = v == Verdict::kJudgeError;
  c.time_ms = j.max_time_ms;
  if (!j.compiled()) return c.message = j.message, c;
  for (const auto& t : j.tests) {
    if (t.verdict != Verdict::kAccepted) return c.message = t.name + ": " + t.message, c;
  }
  return c;
}

// Forwards each finished judging as a check.
class SubmissionObserver : public JudgeObserver {
 public:
  SubmissionObserver(const std::vector<const SubmissionFile*>& files, Checks* checks) : files_(files), checks_(checks) {}
  void OnJudgingDone(std::size_t task, const Result<JudgedSubmission>& r) override {
    checks_->Add(Decide(*files_[task], r));
  }

 private:
  const std::vector<const SubmissionFile*>& files_;
  Checks* checks_;
};

}  // namespace

bool VerifyReport::consistent() const {
  return std::all_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.ok; });
}

bool VerifyReport::judge_error() const {
  return std::any_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.judge_error; });
}

Result<VerifyReport> VerifyPackage(const Package& pkg, const LanguageSet& languages, Pipeline* pipeline,
                                   const VerifyOptions& options) {
  VerifyReport report;
  report.problem = pkg.problem.id;
  Checks checks(&report, options);
  const std::atomic<bool>* cancel = pipeline->options().cancel;
  CheckTests(pkg, cancel, &checks);
  // 3. Every submission gets exactly the verdict of its folder.
  JUDGE_ASSIGN_OR_RETURN(std::vector<SubmissionFile> subs, ListSubmissions(pkg.problem.dir));
  std::vector<JudgeTask> tasks;
  std::vector<const SubmissionFile*> judged;
  for (const auto& s : subs) {
    std::optional<JudgeTask> task;
    if (std::optional<VerifyCheck> c = Precheck(s, languages, pkg, &task)) {
      checks.Add(std::move(*c));
      continue;
    }
    tasks.push_back(std::move(*task));
    judged.push_back(&s);
  }
  SubmissionObserver observer(judged, &checks);
  pipeline->JudgeAll(tasks, &observer);
  if (cancel && cancel->load()) return Status::Cancelled("verify interrupted; " + std::to_string(report.checks.size()) + " checks made");
  // Submission checks in file order, whatever order the jobs finished in.
  auto rank = [&](const VerifyCheck& c) -> std::size_t {
    if (c.kind != "submission") return 0;
    for (std::size_t i = 0; i < subs.size(); ++i)
      if (subs[i].subject == c.subject) return i + 1;
    return subs.size() + 1;
  };
  std::stable_sort(report.checks.begin(), report.checks.end(),
                   [&](const VerifyCheck& a, const VerifyCheck& b) { return rank(a) < rank(b); });
  return report;
}

}  // namespace judge
