// Judging a submission end to end (see judge/judging.h for the theory of operation).
#include "judge/judging.h"

#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "judge/base/files.h"

namespace judge {
namespace {

constexpr int64_t kMaxSubmissionBytes = 64 << 20;

std::string BaseName(const std::string& path) {
  std::string p = path;
  while (p.size() > 1 && p.back() == '/') p.pop_back();
  auto slash = p.rfind('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string CheckerName(const ProblemConfig& c) {
  switch (c.checker) {
    case CheckerKind::kPlugin: return "plugin";
    case CheckerKind::kExact: return "exact";
    case CheckerKind::kLines: return "lines";
    case CheckerKind::kTokens: return "tokens";
    case CheckerKind::kFloat: return "float";
  }
  return "tokens";
}

TestRecord ToRecord(const TestOutcome& t) {
  TestRecord r;
  r.name = t.name;
  r.group = t.group;
  r.verdict = t.verdict;
  r.score = t.score;
  r.cpu_ms = t.cpu_ms;
  r.wall_ms = t.wall_ms;
  r.memory_kib = t.memory_kib;
  r.exit_code = t.exit_code;
  r.signal = t.signal;
  r.message = t.message;
  r.output_sha256 = t.output_hash;
  r.time_method = t.time_method;
  r.memory_method = t.memory_method;
  return r;
}

// Stores each test as soon as it is judged, then passes the event on.
class StoringObserver : public GradeObserver {
 public:
  StoringObserver(Store* store, int64_t judging_id, GradeObserver* next)
      : store_(store), judging_id_(judging_id), next_(next) {}
  void OnTestStarting(std::size_t index, std::size_t count, const TestCase& test) override {
    if (next_) next_->OnTestStarting(index, count, test);
  }
  Status OnTestFinished(std::size_t index, const TestOutcome& outcome) override {
    if (store_) {
      Status st = store_->AddTestResult(judging_id_, ToRecord(outcome));
      if (!st.ok()) return st.WithContext("storing test " + outcome.name);
    }
    if (next_) return next_->OnTestFinished(index, outcome);
    return Status::Ok();
  }

 private:
  Store* store_;
  int64_t judging_id_;
  GradeObserver* next_;
};

// Removes the scratch directory however the judging ends.
class ScratchDir {
 public:
  ~ScratchDir() {
    if (!path.empty()) fs::RemoveTree(path);
  }
  std::string path;
};

// Steps 3-6 of the theory: compile, start the judging, grade, finish.
Result<SubmissionReport> CompileAndGrade(const JudgeContext& ctx, Sandbox* sandbox,
                                         const std::string& source_path,
                                         const LanguageProfile& profile,
                                         const JudgeOptions& options, const std::string& scratch,
                                         SubmissionReport report) {
  Store* store = ctx.store;
  Compiler compiler(sandbox, options.compiler);
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(scratch + "/build"));
  JUDGE_ASSIGN_OR_RETURN(CompileOutcome compiled, compiler.Compile(source_path, profile, scratch + "/build"));
  report.compile_ok = compiled.ok;
  report.compile_log = compiled.log;
  report.compile_message = compiled.message;
  report.compile_cached = compiled.from_cache;

  if (store) {
    NewJudging nj;
    nj.submission_id = report.submission_id;
    if (ctx.plugin) {
      nj.plugin_id = ctx.plugin->id();
      nj.plugin_version = ctx.plugin->version();
      nj.plugin_hash = ctx.plugin_hash;
    }
    nj.checker = CheckerName(ctx.problem);
    nj.limits = ctx.problem.limits;
    nj.limits.wall_ms = EffectiveWallMs(ctx.problem.limits);
    nj.sandbox_method = compiled.sandbox_method;
    nj.judge_version = "judge 1.0";
    JUDGE_ASSIGN_OR_RETURN(report.judging_id, store->StartJudging(nj));
  }
  auto fail = [&](const Status& st) -> Status {
    if (store && report.judging_id) store->MarkIncomplete(report.judging_id, st.message());
    return st;
  };

  if (!compiled.ok) {
    report.verdict = Verdict::kCompileError;
    report.score = 0;
    report.tests_total = ctx.tests.size();
    if (store) {
      JudgingOutcome o;
      o.verdict = Verdict::kCompileError;
      o.compile_log = compiled.log;
      o.message = compiled.message;
      Status st = store->FinishJudging(report.judging_id, o);
      if (!st.ok()) return fail(st);
    }
    return report;
  }

  StoringObserver observer(store, report.judging_id, options.progress);
  GradeRequest req;
  req.problem = &ctx.problem;
  req.tests = &ctx.tests;
  req.program = &compiled.program;
  req.sandbox = sandbox;
  req.checker = ctx.checker.get();
  req.observer = &observer;
  GradeOptions gopt;
  gopt.run_all = options.run_all;
  gopt.scratch_dir = scratch + "/grade";
  Status made = fs::MakeDirs(gopt.scratch_dir);
  if (!made.ok()) return fail(made);
  Result<GradeReport> graded = Grade(req, gopt);
  if (!graded.ok()) return fail(graded.status());
  report.verdict = graded->verdict;
  report.score = graded->score;
  report.max_score = graded->max_score;
  report.time_ms = graded->time_ms;
  report.memory_kib = graded->memory_kib;
  report.tests = std::move(graded->tests);
  report.tests_total = graded->tests_total;
  if (store) {
    JudgingOutcome o;
    o.verdict = report.verdict;
    o.score = report.score;
    o.time_ms = graded->total_time_ms;
    o.memory_kib = report.memory_kib;
    o.compile_log = compiled.log;
    Status st = store->FinishJudging(report.judging_id, o);
    if (!st.ok()) return fail(st);
  }
  return report;
}

Result<std::string> MakeScratch(const JudgeOptions& options) {
  std::string root = options.scratch_root.empty() ? DefaultScratchRoot() : options.scratch_root;
  return fs::MakeTempDir(root, "judge-grade-");
}

}  // namespace

std::string DefaultScratchRoot() {
  if (const char* env = std::getenv("JUDGE_SCRATCH_DIR"); env && *env) return env;
  struct statvfs vfs;
  if (fs::IsDirectory("/dev/shm") && access("/dev/shm", W_OK | X_OK) == 0 && statvfs("/dev/shm", &vfs) == 0 &&
      static_cast<uint64_t>(vfs.f_bavail) * vfs.f_frsize >= (uint64_t{1} << 30))
    return "/dev/shm";
  return fs::TempRoot();
}

Result<std::string> HashPackage(const ProblemConfig& config, const std::vector<TestCase>& tests) {
  Sha256 h;
  auto add_file = [&](const std::string& label, const std::string& path) -> Status {
    JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(path));
    h.Update(label);
    h.Update(std::string_view("\0", 1));
    h.Update(std::to_string(text.size()));
    h.Update(std::string_view("\0", 1));
    h.Update(text);
    return Status::Ok();
  };
  JUDGE_RETURN_IF_ERROR(add_file("problem.yaml", config.dir + "/problem.yaml"));
  for (const auto& t : tests) {
    JUDGE_RETURN_IF_ERROR(add_file(t.name + ".in", t.input_path));
    if (!t.answer_path.empty()) JUDGE_RETURN_IF_ERROR(add_file(t.name + ".ans", t.answer_path));
  }
  return h.FinishHex();
}

Result<std::unique_ptr<JudgeContext>> LoadJudgeContext(const std::string& problem_dir,
                                                       const ContextOptions& options) {
  if (!fs::IsDirectory(problem_dir)) {
    if (!fs::Exists(problem_dir))
      return Status::NotFound(problem_dir + ": no such problem directory");
    return Status::InvalidArgument(problem_dir + ": expected a problem directory, found a file");
  }
  auto ctx = std::make_unique<JudgeContext>();
  JUDGE_ASSIGN_OR_RETURN(ctx->problem, LoadProblemConfig(problem_dir));
  JUDGE_ASSIGN_OR_RETURN(ctx->tests, ListTests(ctx->problem));
  JUDGE_ASSIGN_OR_RETURN(ctx->package_hash, HashPackage(ctx->problem, ctx->tests));
  if (ctx->problem.checker == CheckerKind::kPlugin || !ctx->problem.plugin_id.empty()) {
    JUDGE_ASSIGN_OR_RETURN(ctx->plugin,
                           LoadProblemPlugin(ctx->problem, options.isolate_plugin, options.plugin_limits));
    Result<std::string> hash = fs::ReadFile(ctx->plugin->path());
    if (hash.ok()) ctx->plugin_hash = Sha256Hex(*hash);
  }
  if (ctx->problem.checker == CheckerKind::kPlugin)
    ctx->checker = MakePluginChecker(ctx->plugin.get(), SerializePluginOptions(ctx->problem));
  else
    ctx->checker = MakeBuiltinChecker(ctx->problem);
  return ctx;
}

Result<LanguageProfile> ChooseLanguage(const LanguageSet& languages, const std::string& file,
                                       const std::string& lang_id) {
  const LanguageProfile* p = nullptr;
  if (!lang_id.empty()) {
    if (lang_id == "binary") return BinaryProfile();
    p = languages.Find(lang_id);
    if (!p) {
      std::string known;
      for (const auto& q : languages.profiles()) known += (known.empty() ? "" : ", ") + q.id;
      return Status::InvalidArgument("unknown language \"" + lang_id + "\" (known: " + known +
                                     ", binary)");
    }
  } else {
    p = languages.ForFile(file);
    if (!p) return BinaryProfile();
  }
  LanguageAvailability a = CheckAvailability(*p);
  if (!a.available)
    return Status::Unsupported("language " + p->id + " is not available here: " + a.reason);
  return *p;
}

Result<SubmissionReport> JudgeFile(const JudgeContext& ctx, Sandbox* sandbox,
                                   const std::string& file, const LanguageProfile& profile,
                                   const JudgeOptions& options) {
  // Step 1: nothing is stored for a file that cannot be judged at all.
  if (fs::IsDirectory(file))
    return Status::InvalidArgument(file + ": is a directory, expected a submission file");
  if (!fs::Exists(file)) return Status::NotFound(file + ": no such submission file");
  JUDGE_ASSIGN_OR_RETURN(std::string source, fs::ReadFile(file, kMaxSubmissionBytes));
  if (source.empty()) return Status::InvalidArgument(file + ": the submission is empty");

  SubmissionReport report;
  report.submission = file;
  report.problem = ctx.problem.id;
  report.language = profile.id;
  report.compiler_version = ToolchainVersion(profile);
  report.tests_total = ctx.tests.size();

  if (ctx.store) {
    Submission s;
    s.problem_id = ctx.problem.id;
    s.package_hash = ctx.package_hash;
    s.file_name = BaseName(file);
    s.source = source;
    s.language_id = profile.id;
    s.compiler_version = report.compiler_version;
    JUDGE_ASSIGN_OR_RETURN(report.submission_id, ctx.store->AddSubmission(s));
  }
  ScratchDir scratch;
  JUDGE_ASSIGN_OR_RETURN(scratch.path, MakeScratch(options));
  return CompileAndGrade(ctx, sandbox, file, profile, options, scratch.path, std::move(report));
}

Result<SubmissionReport> RejudgeSubmission(const JudgeContext& ctx, Sandbox* sandbox,
                                           int64_t submission_id, const LanguageSet& languages,
                                           const JudgeOptions& options, std::string* note) {
  if (!ctx.store) return Status::Internal("rejudge needs a store");
  JUDGE_ASSIGN_OR_RETURN(Submission sub, ctx.store->GetSubmission(submission_id));
  if (sub.problem_id != ctx.problem.id)
    return Status::InvalidArgument("submission " + std::to_string(submission_id) + " is for problem '" +
                                   sub.problem_id + "', not '" + ctx.problem.id + "' (" +
                                   ctx.problem.dir + ")");
  if (note && sub.package_hash != ctx.package_hash)
    *note = "the package changed since submission " + std::to_string(submission_id) +
            " was stored; judging it against the package as it is now";
  LanguageProfile profile;
  if (sub.language_id == "binary") {
    profile = BinaryProfile();
  } else {
    const LanguageProfile* p = languages.Find(sub.language_id);
    if (!p)
      return Status::NotFound("submission " + std::to_string(submission_id) + " is in language \"" +
                              sub.language_id + "\", which no language profile defines now");
    profile = *p;
    LanguageAvailability a = CheckAvailability(profile);
    if (!a.available)
      return Status::Unsupported("language " + profile.id + " is not available here: " + a.reason);
  }
  ScratchDir scratch;
  JUDGE_ASSIGN_OR_RETURN(scratch.path, MakeScratch(options));
  std::string name = BaseName(sub.file_name);
  if (name.empty() || name == "." || name == "..") name = "submission";
  std::string source_path = scratch.path + "/" + name;
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(source_path, sub.source));

  SubmissionReport report;
  report.submission = sub.file_name;
  report.problem = ctx.problem.id;
  report.language = profile.id;
  report.compiler_version = ToolchainVersion(profile);
  report.submission_id = submission_id;
  report.tests_total = ctx.tests.size();
  return CompileAndGrade(ctx, sandbox, source_path, profile, options, scratch.path, std::move(report));
}

}  // namespace judge
