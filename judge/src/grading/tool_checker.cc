// Checkers that run a program of the package (see judge/grading/tool_checker.h).
#include "judge/grading/tool_checker.h"

#include <limits.h>
#include <stdlib.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "feedback_dir.h"
#include "interaction.h"
#include "judge/base/files.h"
#include "judge/grading/grader.h"

namespace judge {
namespace {

constexpr int kKattisAccepted = 42;
constexpr int kKattisWrong = 43;

Result<std::string> Canonical(const std::string& path) {
  char real[PATH_MAX];
  if (::realpath(path.c_str(), real) == nullptr) return Status::NotFound(path + ": cannot resolve the path");
  return std::string(real);
}

// A fresh, empty directory at path (canonical, as the sandbox shows it).
Result<std::string> FreshDir(const std::string& path) {
  JUDGE_RETURN_IF_ERROR(fs::RemoveTree(path));
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(path));
  return Canonical(path);
}

// The validator's working directory for pass `pass` (0: not multi-pass): fresh, but a
// later pass keeps feedback/ of the one before (the Kattis multi-pass rule).
Result<std::string> PassDir(const std::string& path, int pass) {
  if (pass <= 1) {
    JUDGE_ASSIGN_OR_RETURN(std::string dir, FreshDir(path));
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir + "/feedback"));
    // Writable by the run's uid: the sandbox's overlay copies a lower directory up with
    // its owner and mode (the scratch above it is the judge's alone, 0700).
    std::error_code ec;
    std::filesystem::permissions(dir + "/feedback", std::filesystem::perms::all, ec);
    if (ec) return Status::IoError(dir + "/feedback: cannot make it writable: " + ec.message());
    return dir;
  }
  std::error_code ec;
  std::vector<std::string> stale;
  for (std::filesystem::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().filename() != "feedback") stale.push_back(it->path().string());
  if (ec) return Status::IoError(path + ": cannot list: " + ec.message());
  for (const auto& p : stale) JUDGE_RETURN_IF_ERROR(fs::RemoveTree(p));
  // The validator could have put a link there: never follow it.
  if (std::filesystem::is_symlink(path + "/feedback", ec) || !fs::IsDirectory(path + "/feedback"))
    return Status::Internal("the feedback directory of the pass before: expected a directory, found another file");
  // What the last pass left came back owned by its run's uid; the next pass may run
  // under another slot's uid, and must be able to change it (links are left alone).
  namespace sfs = std::filesystem;
  for (sfs::recursive_directory_iterator it(path + "/feedback", ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code perm_ec;
    if (it->is_symlink(perm_ec)) continue;
    sfs::permissions(it->path(), it->is_directory(perm_ec) ? sfs::perms::all : sfs::perms::owner_read |
                     sfs::perms::owner_write | sfs::perms::group_read | sfs::perms::group_write |
                     sfs::perms::others_read | sfs::perms::others_write, perm_ec);
  }
  if (ec) return Status::IoError(path + "/feedback: cannot walk: " + ec.message());
  return Canonical(path);
}

// Multi-pass: moves feedback/nextpass.in (written by the sandboxed validator: read
// beneath the held directory, never through a link, capped) to a file of the grader's.
Status TakeNextPass(const FeedbackDir& feedback, const std::string& scratch, int pass, CheckOutcome* o) {
  if (pass <= 0 || o->verdict != CheckVerdict::kAccepted) return Status::Ok();
  bool regular = true;
  JUDGE_ASSIGN_OR_RETURN(std::optional<std::string> bytes, feedback.Read("nextpass.in", int64_t{1} << 30, &regular));
  if (!regular) return Status::Internal("the validator's nextpass.in is not a regular file");
  if (!bytes) return Status::Ok();
  o->next_pass_input = scratch + "/pass" + std::to_string(pass + 1) + ".in";
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(o->next_pass_input, *bytes));
  return feedback.Remove("nextpass.in");
}

// A message the tool left in its feedback directory: one line, "" when none.
Result<std::string> FeedbackMessage(const FeedbackDir& feedback, const std::string& name, int64_t max_bytes = 4096) {
  JUDGE_ASSIGN_OR_RETURN(std::optional<std::string> bytes, feedback.Read(name, max_bytes));
  return bytes ? ToolMessageText(*bytes) : std::string();
}

// The team's output as a host file: the grader's, or the bytes written out.
Result<std::string> OutputFile(const CheckRequest& q) {
  if (!q.output_path.empty()) return q.output_path;
  std::string path = q.scratch_dir + "/team_output";
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(path, q.output));
  return path;
}

// input, answer (an empty file when the test has none), as the tool's runs see them.
Result<std::pair<std::string, std::string>> TestFiles(const ToolProgram& tool, const TestCase& t,
                                                      const std::string& scratch, const std::string& work) {
  JUDGE_ASSIGN_OR_RETURN(std::string input, tool.VisiblePath(t.input_path, work, "testcase.in"));
  std::string answer_path = t.answer_path;
  if (answer_path.empty()) {
    answer_path = scratch + "/empty.ans";
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(answer_path, ""));
  }
  JUDGE_ASSIGN_OR_RETURN(std::string answer, tool.VisiblePath(answer_path, work, "testcase.ans"));
  return std::make_pair(input, answer);
}

// How a program of the package ended, when it did not exit on its own within its
// limits ("" when it did).
std::string Abnormal(const RunResult& r) {
  bool exited = r.status == RunStatus::kOk || (r.status == RunStatus::kRuntimeError && r.signal == 0 &&
                                               r.kill_reason == KillReason::kNone && r.exit_code >= 0);
  return exited ? "" : DescribeRun(r);
}

std::string WithDetail(std::string what, const std::string& detail) {
  return detail.empty() ? what : what + ": " + detail;
}

// A Kattis validator's verdict from its exit code and feedback directory.
// A replaced feedback directory is the validator's failure, whatever it exited with.
Result<CheckOutcome> KattisVerdict(const ToolProgram& tool, const RunResult& r, const FeedbackDir& feedback,
                                   const std::string& stderr_path, bool score_file) {
  JUDGE_RETURN_IF_ERROR(feedback.CheckUnchanged());
  JUDGE_ASSIGN_OR_RETURN(std::string message, FeedbackMessage(feedback, "judgemessage.txt"));
  if (message.empty()) {
    JUDGE_ASSIGN_OR_RETURN(message, FeedbackMessage(feedback, "teammessage.txt"));
  }
  if (std::string why = Abnormal(r); !why.empty())
    return Status::Internal(WithDetail("the " + tool.role() + " did not finish: " + why, message));
  if (r.exit_code != kKattisAccepted && r.exit_code != kKattisWrong)
    return Status::Internal(WithDetail("the " + tool.role() + " exited with code " + std::to_string(r.exit_code) +
                                           " (expected 42 accepted or 43 wrong answer)",
                                       message.empty() ? ReadToolMessage(stderr_path, 600) : message));
  CheckOutcome o;
  o.verdict = r.exit_code == kKattisAccepted ? CheckVerdict::kAccepted : CheckVerdict::kWrongAnswer;
  o.score = o.verdict == CheckVerdict::kAccepted ? 1.0 : 0.0;
  o.message = message;
  JUDGE_ASSIGN_OR_RETURN(std::string score, FeedbackMessage(feedback, "score.txt", 256));
  // A pass-fail problem has no scores: its validator's score.txt is ignored, as the
  // tools ignore it.
  if (!score.empty() && o.verdict == CheckVerdict::kAccepted && score_file) {
    char* end = nullptr;
    errno = 0;
    double v = std::strtod(score.c_str(), &end);
    if (*end != '\0' || errno == ERANGE || !std::isfinite(v))
      return Status::Internal("the " + tool.role() + " wrote score.txt \"" + score + "\", expected a number");
    o.reported_score = v;
  }
  return o;
}

// A testlib program's verdict (checker or interactor) from its exit code and stderr.
Result<CheckOutcome> TestlibVerdict(const ToolProgram& tool, const RunResult& r, const std::string& stderr_path,
                                    TestlibPoints points) {
  std::string message = ReadToolMessage(stderr_path, 4096);
  if (std::string why = Abnormal(r); !why.empty())
    return Status::Internal(WithDetail("the " + tool.role() + " did not finish: " + why, message));
  CheckOutcome o;
  switch (r.exit_code) {
    case 0: o.verdict = CheckVerdict::kAccepted, o.score = 1.0; break;
    case 1: o.verdict = CheckVerdict::kWrongAnswer; break;
    case 2: o.verdict = CheckVerdict::kPresentationError; break;
    case 3: return Status::Internal(WithDetail("the " + tool.role() + " failed (exit code 3)", message));
    case 7: {
      // "points <p> <message>": the test's points.
      double p = 0;
      if (std::sscanf(message.c_str(), "points %lf", &p) != 1 || !std::isfinite(p))
        return Status::Internal("the " + tool.role() + " exited 7 (points) without \"points <p>\": " + message);
      const bool accepted = points == TestlibPoints::kAccepted;
      o.verdict = accepted ? CheckVerdict::kAccepted : CheckVerdict::kPartial;
      o.score = accepted ? 1.0 : std::min(std::max(p, 0.0), 0.999999);
      o.reported_score = p;
      break;
    }
    default:
      if (r.exit_code >= 16 && r.exit_code <= 116) {
        o.verdict = CheckVerdict::kPartial;
        o.score = std::min((r.exit_code - 16) / 100.0, 0.999999);
        o.reported_score = (r.exit_code - 16) / 100.0;
        break;
      }
      return Status::Internal(WithDetail("the " + tool.role() + " exited with code " + std::to_string(r.exit_code) +
                                             " (expected a testlib code 0, 1, 2, 3 or 7)",
                                         message));
  }
  o.message = message;
  return o;
}

class KattisValidatorChecker : public Checker {
 public:
  KattisValidatorChecker(std::shared_ptr<ToolProgram> tool, bool score_file)
      : tool_(std::move(tool)), score_file_(score_file) {}

  std::string Describe() const override { return "kattis " + tool_->source().name; }
  CheckerKind kind() const override { return CheckerKind::kKattis; }

  Result<CheckOutcome> Check(std::string_view, std::string_view, std::string_view) override {
    return Status::Internal("the " + tool_->role() + " needs the test's files (CheckTest)");
  }

  Result<CheckOutcome> CheckTest(const CheckRequest& q) override {
    if (!q.test || !q.sandbox) return Status::Internal("the " + tool_->role() + " needs a test and a sandbox");
    JUDGE_ASSIGN_OR_RETURN(std::string work, PassDir(q.scratch_dir + "/validator", q.pass));
    const std::string feedback_path = work + "/feedback";
    JUDGE_ASSIGN_OR_RETURN(FeedbackDir feedback, FeedbackDir::Hold(feedback_path, tool_->role()));
    JUDGE_ASSIGN_OR_RETURN(std::string output, OutputFile(q));
    JUDGE_ASSIGN_OR_RETURN(auto files, TestFiles(*tool_, *q.test, q.scratch_dir, work));
    ToolRun run;
    run.args = {files.first, files.second, feedback_path + "/"};
    if (q.flags) run.args.insert(run.args.end(), q.flags->begin(), q.flags->end());
    run.work_dir = work;
    run.stdin_path = output;
    run.stderr_path = q.scratch_dir + "/validator.stderr";
    run.cancel = q.cancel;
    JUDGE_ASSIGN_OR_RETURN(RunResult r, tool_->Run(q.sandbox, run));
    Result<CheckOutcome> o = KattisVerdict(*tool_, r, feedback, run.stderr_path, score_file_);
    if (o.ok()) JUDGE_RETURN_IF_ERROR(TakeNextPass(feedback, q.scratch_dir, q.pass, &*o));
    return o;
  }

 private:
  std::shared_ptr<ToolProgram> tool_;
  bool score_file_;
};

class TestlibChecker : public Checker {
 public:
  TestlibChecker(std::shared_ptr<ToolProgram> tool, TestlibPoints points) : tool_(std::move(tool)), points_(points) {}

  std::string Describe() const override { return "testlib " + tool_->source().name; }
  CheckerKind kind() const override { return CheckerKind::kTestlib; }

  Result<CheckOutcome> Check(std::string_view, std::string_view, std::string_view) override {
    return Status::Internal("the " + tool_->role() + " needs the test's files (CheckTest)");
  }

  Result<CheckOutcome> CheckTest(const CheckRequest& q) override {
    if (!q.test || !q.sandbox) return Status::Internal("the " + tool_->role() + " needs a test and a sandbox");
    JUDGE_ASSIGN_OR_RETURN(std::string work, FreshDir(q.scratch_dir + "/checker"));
    JUDGE_ASSIGN_OR_RETURN(std::string output, OutputFile(q));
    JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(output, work + "/output"));
    JUDGE_ASSIGN_OR_RETURN(auto files, TestFiles(*tool_, *q.test, q.scratch_dir, work));
    ToolRun run;
    run.args = {files.first, work + "/output", files.second};
    run.work_dir = work;
    run.stderr_path = q.scratch_dir + "/checker.stderr";
    run.cancel = q.cancel;
    JUDGE_ASSIGN_OR_RETURN(RunResult r, tool_->Run(q.sandbox, run));
    return TestlibVerdict(*tool_, r, run.stderr_path, points_);
  }

 private:
  std::shared_ptr<ToolProgram> tool_;
  TestlibPoints points_;
};

class InteractiveChecker : public Checker {
 public:
  InteractiveChecker(InteractorKind kind, std::shared_ptr<ToolProgram> tool, std::shared_ptr<ToolProgram> checker,
                     bool score_file, TestlibPoints points)
      : kind_(kind), tool_(std::move(tool)), score_file_(score_file), points_(points) {
    if (checker) checker_ = MakeTestlibChecker(std::move(checker), points);
  }

  std::string Describe() const override {
    return std::string(kind_ == InteractorKind::kTestlib ? "testlib interactor " : "kattis interactor ") +
           tool_->source().name + (checker_ ? " + " + checker_->Describe() : "");
  }
  bool interactive() const override { return true; }
  // Its validator's kind: a Kattis interactive validator, or a testlib interactor
  // (and checker); both are programs of the package.
  CheckerKind kind() const override {
    return kind_ == InteractorKind::kTestlib ? CheckerKind::kTestlib : CheckerKind::kKattis;
  }

  Result<CheckOutcome> Check(std::string_view, std::string_view, std::string_view) override {
    return Status::Internal("the " + tool_->role() + " judges while the submission runs (Interact)");
  }

  Result<InteractOutcome> Interact(const InteractRequest& q) override {
    InteractOutcome out;
    if (Status built = tool_->Build(q.sandbox); !built.ok()) {
      out.check = built;  // the package's interactor is broken: JE, nothing run
      return out;
    }
    JUDGE_ASSIGN_OR_RETURN(std::string work, PassDir(q.scratch_dir + "/interactor", q.pass));
    const std::string feedback_path = work + "/feedback";
    JUDGE_ASSIGN_OR_RETURN(FeedbackDir feedback, FeedbackDir::Hold(feedback_path, tool_->role()));
    JUDGE_ASSIGN_OR_RETURN(auto files, TestFiles(*tool_, *q.test, q.scratch_dir, work));
    ToolRun run;
    if (kind_ == InteractorKind::kTestlib) {
      run.args = {files.first, work + "/tout", files.second};
    } else {
      run.args = {files.first, files.second, feedback_path + "/"};
      if (q.flags) run.args.insert(run.args.end(), q.flags->begin(), q.flags->end());
    }
    run.work_dir = work;
    run.stderr_path = q.scratch_dir + "/interactor.stderr";
    run.wall_ms = q.submission.limits.wall_time_ms + std::max<int64_t>(q.submission.limits.wall_time_ms, 10000);
    run.cancel = q.cancel;
    InteractionRuns runs = RunInteraction(q.sandbox, q.submission, tool_.get(), run);
    if (!runs.submission.ok()) return runs.submission.status().WithContext("running the submission interactively");
    if (!runs.interactor.ok()) return runs.interactor.status();
    out.submission = *runs.submission;
    out.interactor_first = runs.interactor_first;
    if (kind_ == InteractorKind::kTestlib) out.interactor_output_path = work + "/tout";
    out.check = kind_ == InteractorKind::kTestlib ? TestlibVerdict(*tool_, *runs.interactor, run.stderr_path, points_)
                                                  : KattisVerdict(*tool_, *runs.interactor, feedback,
                                                                  run.stderr_path, score_file_);
    if (out.check.ok() && kind_ == InteractorKind::kKattis)
      JUDGE_RETURN_IF_ERROR(TakeNextPass(feedback, q.scratch_dir, q.pass, &*out.check));
    if (checker_ && out.check.ok() && out.check->verdict == CheckVerdict::kAccepted) out.check = AfterwardsCheck(q, work);
    return out;
  }

 private:
  // testlib: the checker judges what the interactor wrote for it.
  Result<CheckOutcome> AfterwardsCheck(const InteractRequest& q, const std::string& work) {
    CheckRequest c;
    c.test = q.test;
    c.output_path = work + "/tout";
    if (!fs::Exists(c.output_path)) JUDGE_RETURN_IF_ERROR(fs::WriteFile(c.output_path, ""));
    c.sandbox = q.sandbox;
    c.scratch_dir = q.scratch_dir;
    c.cancel = q.cancel;
    return checker_->CheckTest(c);
  }

  InteractorKind kind_;
  std::shared_ptr<ToolProgram> tool_;
  std::unique_ptr<Checker> checker_;
  bool score_file_;
  TestlibPoints points_;
};

}  // namespace

std::unique_ptr<Checker> MakeKattisValidatorChecker(std::shared_ptr<ToolProgram> validator, bool score_file) {
  return std::make_unique<KattisValidatorChecker>(std::move(validator), score_file);
}

std::unique_ptr<Checker> MakeTestlibChecker(std::shared_ptr<ToolProgram> checker, TestlibPoints points) {
  return std::make_unique<TestlibChecker>(std::move(checker), points);
}

std::unique_ptr<Checker> MakeInteractiveChecker(InteractorKind kind, std::shared_ptr<ToolProgram> interactor,
                                                std::shared_ptr<ToolProgram> checker, bool score_file,
                                                TestlibPoints points) {
  return std::make_unique<InteractiveChecker>(kind, std::move(interactor), std::move(checker), score_file, points);
}

}  // namespace judge
