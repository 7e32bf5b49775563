// Verifying a problem package (see judge/judging/verify.h): the tests' checks here, the
// submissions' in verify_submissions.cc.
#include "judge/judging/verify.h"

#include <algorithm>
#include <map>

#include "judge/base/files.h"
#include "judge/config/polygon.h"
#include "verify_parts.h"

namespace judge {
namespace {

using verify::Checks;

// What the tests' checks share: the sandbox and scratch directory of the package's
// programs (made on first need).
class TestChecker {
 public:
  TestChecker(const Package& pkg, Pipeline* pipeline, Checks* checks)
      : pkg_(pkg), pipeline_(pipeline), checks_(checks) {}

  void CheckAll() {
    const std::atomic<bool>* cancel = pipeline_->context().cancel;
    for (const auto& t : pkg_.tests) {
      if (cancel && cancel->load()) return;
      Result<std::string> input = fs::ReadFile(t.input_path);
      if (!input.ok()) {
        checks_->Add({"validate", t.name, false, true, "valid", "unreadable", input.status().message()});
        continue;
      }
      CheckInput(t, *input);
      for (const auto& v : pkg_.input_validators) RunInputValidator(*v, t, 42);
      for (const auto& v : pkg_.testlib_validators) RunInputValidator(*v, t, 0);
      CheckAnswer(t, *input);
    }
    for (const auto& s : pkg_.skipped_input_validators)
      checks_->Add({"validate", s, true, false, "valid", "skipped", "checktestdata and VIVA files are not run"});
    if (pkg_.problem.format_version == kPolygonFormat) CheckPolygonToolTests();
  }

  // The checker's and validators' own tests of a Polygon package.
  void CheckPolygonToolTests() {
    Result<PolygonToolTests> tests = LoadPolygonToolTests(pkg_.problem.dir);
    if (!tests.ok())
      return checks_->Add({"checker", "problem.xml", false, false, "readable", "bad", tests.status().message()});
    const std::atomic<bool>* cancel = pipeline_->context().cancel;
    if (!tests->checker.empty() && (pkg_.problem.interactive || !pkg_.checker))
      checks_->Add({"note", "problem.xml", true, false, "-", "note",
                    "the checker's tests are not run in an interactive problem"});
    else
      for (const auto& t : tests->checker)
        if (!(cancel && cancel->load())) RunCheckerTest(t);
    for (std::size_t i = 0; i < tests->validators.size() && i < pkg_.testlib_validators.size(); ++i)
      for (const auto& t : tests->validators[i])
        if (!(cancel && cancel->load())) RunValidatorTest(*pkg_.testlib_validators[i], t);
  }

 private:
  // The plugin's validate (when the package has a plugin to ask).
  void CheckInput(const TestCase& t, const std::string& input) {
    if (!pkg_.plugin) return;
    Result<ValidateOutcome> v = pkg_.plugin->Validate(input);
    if (!v.ok())
      checks_->Add({"validate", t.name, false, true, "valid", "JE", v.status().message()});
    else
      checks_->Add({"validate", t.name, v->valid, false, "valid", v->valid ? "valid" : "invalid", v->message});
  }

  Status Prepare() {
    if (scratch_) return Status::Ok();
    if (!sandbox_) {
      Result<std::unique_ptr<Sandbox>> made = pipeline_->context().sandboxes();
      if (!made.ok()) return made.status();
      sandbox_ = std::move(made).value();
    }
    std::string root = pipeline_->context().scratch_root.empty() ? DefaultScratchRoot()
                                                                 : pipeline_->context().scratch_root;
    JUDGE_ASSIGN_OR_RETURN(ScratchDir dir, ScratchDir::Make(root, "judge-verify-"));
    scratch_ = std::make_unique<ScratchDir>(std::move(dir));
    return Status::Ok();
  }

  // What an input validator said of one input: exit valid_exit (Kattis 42, testlib 0)
  // is valid, anything else is not, with its message.
  struct Validation {
    bool valid = false;
    std::string message;
  };
  Result<Validation> RunValidator(ToolProgram& v, const std::string& input_path, std::vector<std::string> args,
                                  int valid_exit) {
    JUDGE_RETURN_IF_ERROR(Prepare());
    const std::string work = scratch_->path() + "/input_validator";
    ToolRun run;
    run.args = std::move(args);
    run.work_dir = work;
    run.stdin_path = input_path;
    run.stdout_path = scratch_->path() + "/input_validator.stdout";
    run.stderr_path = scratch_->path() + "/input_validator.stderr";
    run.cancel = pipeline_->context().cancel;
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(work));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(work));
    JUDGE_ASSIGN_OR_RETURN(RunResult r, v.Run(sandbox_.get(), run));
    Validation out;
    out.valid = r.exit_code == valid_exit && r.signal == 0 && r.kill_reason == KillReason::kNone;
    out.message = ReadToolMessage(run.stderr_path, 600);
    if (out.message.empty()) out.message = ReadToolMessage(run.stdout_path, 600);
    if (!out.valid)
      out.message = (r.exit_code >= 0 ? "exit code " + std::to_string(r.exit_code) : DescribeRun(r)) +
                    (out.message.empty() ? "" : ": " + out.message);
    return out;
  }

  void RunInputValidator(ToolProgram& v, const TestCase& t, int valid_exit) {
    const std::string subject = t.name + " (" + v.source().name + ")";
    Result<Validation> r = RunValidator(v, t.input_path, InputFlags(t, v.source().name), valid_exit);
    if (!r.ok()) return checks_->Add({"validate", subject, false, true, "valid", "JE", r.status().message()});
    checks_->Add({"validate", subject, r->valid, false, "valid", r->valid ? "valid" : "invalid",
                  r->valid ? "" : r->message});
  }

  // A Polygon validator's own test: the verdict its <testset> gives ("valid", "invalid").
  void RunValidatorTest(ToolProgram& v, const PolygonToolTest& t) {
    const std::string subject = t.name + " (" + v.source().name + ")";
    if (t.verdict != "valid" && t.verdict != "invalid")
      return checks_->Add({"validator", subject, false, false, "valid or invalid", t.verdict,
                           "expected verdict=\"valid\" or \"invalid\", found \"" + t.verdict + "\""});
    Result<Validation> r = RunValidator(v, t.input_path, {}, 0);
    if (!r.ok()) return checks_->Add({"validator", subject, false, true, t.verdict, "JE", r.status().message()});
    const std::string found = r->valid ? "valid" : "invalid";
    checks_->Add({"validator", subject, found == t.verdict, false, t.verdict, found, r->message});
  }

  // A Polygon checker's own test: its output judged against its answer must get the
  // verdict the test names (ok, wrong-answer, presentation-error; crashed or fail: the
  // checker fails).
  void RunCheckerTest(const PolygonToolTest& t) {
    static const std::map<std::string, std::string> kExpected = {
        {"ok", "AC"}, {"wrong-answer", "WA"}, {"presentation-error", "PE"}, {"crashed", "JE"}, {"fail", "JE"},
        {"failed", "JE"}};
    auto expected = kExpected.find(t.verdict);
    if (expected == kExpected.end())
      return checks_->Add({"checker", t.name, false, false, "ok, wrong-answer, presentation-error or crashed",
                           t.verdict, "expected a verdict this judge knows, found \"" + t.verdict + "\""});
    Result<std::string> input = fs::ReadFile(t.input_path);
    Result<std::string> output = input.ok() ? fs::ReadFile(t.output_path) : input;
    Result<std::string> answer = output.ok() ? fs::ReadFile(t.answer_path) : output;
    Status ready = answer.ok() ? Prepare() : answer.status();
    if (!ready.ok()) return checks_->Add({"checker", t.name, false, true, expected->second, "JE", ready.message()});
    TestCase test;
    test.name = t.name;
    test.input_path = t.input_path;
    test.answer_path = t.answer_path;
    const std::vector<std::string> flags;
    Result<CheckOutcome> c = pkg_.checker->CheckTest(Request(test, flags, *input, *output, *answer, t.output_path));
    const std::string found = c.ok() ? std::string(CheckVerdictName(c->verdict)) : "JE";
    const std::string message = c.ok() ? c->message : c.status().message();
    // A checker that fails where the test expects a verdict: the check could not be made.
    const bool judge_error = !c.ok() && expected->second != "JE";
    checks_->Add({"checker", t.name, found == expected->second, judge_error, expected->second, found, message});
  }

  std::vector<std::string> InputFlags(const TestCase& t, const std::string& validator) const {
    if (t.group_index < 0 || t.group_index >= static_cast<int>(pkg_.test_groups.size())) return {};
    const auto& flags = pkg_.test_groups[static_cast<std::size_t>(t.group_index)].input_validator_flags;
    auto named = flags.find(validator);
    if (named != flags.end()) return named->second;
    auto all = flags.find("");
    return all == flags.end() ? std::vector<std::string>() : all->second;
  }

  // The .ans is a right answer: by the reference solver and the checker, or (without
  // a plugin) by the package's own validator taking it as an output.
  void CheckAnswer(const TestCase& t, const std::string& input) {
    if (t.answer_path.empty()) {
      if (pkg_.problem.interactive || pkg_.problem.multi_pass) return;  // its validator may need none
      return checks_->Add({"answer", t.name, false, false, ".ans", "missing", "no " + t.name + ".ans beside the input"});
    }
    Result<std::string> ans = fs::ReadFile(t.answer_path);
    if (!ans.ok()) return checks_->Add({"answer", t.name, false, true, "AC", "unreadable", ans.status().message()});
    if (pkg_.plugin) return CheckBySolver(t, input, *ans);
    // An interactive or multi-pass answer file is the validator's data, not an output.
    if (pkg_.problem.interactive || pkg_.problem.multi_pass || !(pkg_.checker && pkg_.checker->checks_answer_files()))
      return;
    Status ready = Prepare();
    if (!ready.ok()) return checks_->Add({"answer", t.name, false, true, "AC", "JE", ready.message()});
    std::vector<std::string> flags = pkg_.problem.validator_flags;
    if (t.group_index >= 0 && t.group_index < static_cast<int>(pkg_.test_groups.size())) {
      const auto& g = pkg_.test_groups[static_cast<std::size_t>(t.group_index)].output_validator_flags;
      flags.insert(flags.end(), g.begin(), g.end());
    }
    Report(t, pkg_.checker->CheckTest(Request(t, flags, input, *ans, *ans, t.answer_path)));
  }

  // The package's checker on `output` (held in the host file output_path), in this
  // verifier's sandbox and scratch (Prepare() made them). Borrows every argument.
  CheckRequest Request(const TestCase& t, const std::vector<std::string>& flags, std::string_view input,
                       std::string_view output, std::string_view answer, const std::string& output_path) const {
    CheckRequest q;
    q.test = &t;
    q.flags = &flags;
    q.input = input;
    q.output = output;
    q.answer = answer;
    q.output_path = output_path;
    q.sandbox = sandbox_.get();
    q.scratch_dir = scratch_->path();
    q.cancel = pipeline_->context().cancel;
    return q;
  }

  void CheckBySolver(const TestCase& t, const std::string& input, const std::string& ans) {
    Result<PluginOutput> solved = pkg_.plugin->Solve(input);
    if (!solved.ok())
      return checks_->Add({"answer", t.name, false, true, "AC", "JE", "reference solver: " + solved.status().message()});
    if (solved->refused)
      return checks_->Add({"answer", t.name, false, false, "AC", "invalid input", "reference solver: " + solved->reason});
    Report(t, pkg_.checker->Check(input, ans, solved->output));
  }

  void Report(const TestCase& t, const Result<CheckOutcome>& c) {
    if (!c.ok()) return checks_->Add({"answer", t.name, false, true, "AC", "JE", c.status().message()});
    bool ok = c->verdict == CheckVerdict::kAccepted;
    checks_->Add({"answer", t.name, ok, false, "AC", std::string(CheckVerdictName(c->verdict)), c->message});
  }

  const Package& pkg_;
  Pipeline* pipeline_;
  Checks* checks_;
  std::unique_ptr<Sandbox> sandbox_;
  std::unique_ptr<ScratchDir> scratch_;
};

// A sample .interaction file: lines of "<" (to the submission) or ">" (from it).
void CheckInteraction(const std::string& path, const std::string& data_dir, Checks* checks) {
  std::string subject = path.rfind(data_dir + "/", 0) == 0 ? path.substr(data_dir.size() + 1) : path;
  Result<std::string> text = fs::ReadFile(path, 16 << 20);
  if (!text.ok()) return checks->Add({"sample", subject, false, true, "shown", "unreadable", text.status().message()});
  std::size_t line = 0, start = 0;
  while (start < text->size()) {
    std::size_t end = text->find('\n', start);
    if (end == std::string::npos) end = text->size();
    ++line;
    char c = (*text)[start];
    // "---" separates the passes of a multi-pass interaction (2023-07).
    const bool pass_separator = text->compare(start, end - start, "---") == 0;
    if (end > start && c != '<' && c != '>' && !pass_separator)
      return checks->Add({"sample", subject, false, false, "shown", "bad line",
                          "line " + std::to_string(line) + ": expected \"<\" or \">\" first (or a \"---\" line between passes)"});
    start = end + 1;
  }
  checks->Add({"sample", subject, true, false, "shown", "shown",
               "an interaction protocol for the statement (" + std::to_string(line) + " lines), not run"});
}

}  // namespace

bool VerifyReport::consistent() const {
  return std::all_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.ok; });
}

bool VerifyReport::judge_error() const {
  return std::any_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.judge_error; });
}

Result<VerifyReport> VerifyPackage(const Package& pkg, Pipeline* pipeline, const VerifyOptions& options) {
  if (!pipeline->context().languages) return Status::Internal("VerifyPackage: the pipeline's context has no languages");
  const LanguageSet& languages = *pipeline->context().languages;
  VerifyReport report;
  report.problem = pkg.problem.id;
  Checks checks(&report, options);
  const std::string described_by = pkg.problem.format_version == kPolygonFormat ? "problem.xml" : "problem.yaml";
  for (const auto& note : pkg.problem.notes) checks.Add({"note", described_by, true, false, "-", "note", note});
  for (const auto& warning : pkg.warnings) {
    VerifyCheck c{"note", "data", true, false, "-", "ignored", ""};
    c.warning = warning;
    checks.Add(c);
  }
  TestChecker(pkg, pipeline, &checks).CheckAll();
  for (const auto& f : pkg.interaction_files) CheckInteraction(f, pkg.problem.dir + "/data", &checks);
  std::vector<std::string> order;
  Status subs = verify::CheckSubmissions(pkg, languages, pipeline, options, &checks, &order);
  if (!subs.ok()) {
    if (subs.code() == StatusCode::kCancelled)
      return Status::Cancelled("verify interrupted; " + std::to_string(report.checks.size()) + " checks made");
    return subs;
  }
  // Submission checks in file order, whatever order the jobs finished in.
  auto rank = [&](const VerifyCheck& c) -> std::size_t {
    if (c.kind != "submission") return 0;
    return static_cast<std::size_t>(std::find(order.begin(), order.end(), c.subject) - order.begin()) + 1;
  };
  std::stable_sort(report.checks.begin(), report.checks.end(),
                   [&](const VerifyCheck& a, const VerifyCheck& b) { return rank(a) < rank(b); });
  return report;
}

}  // namespace judge
