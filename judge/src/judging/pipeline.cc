// The grading pipeline (see judge/judging/pipeline.h for the theory of operation).
#include "judge/judging/pipeline.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/paths.h"
#include "judge/config/submissions_yaml.h"
#include "judge/grading/compile_hint.h"
#include "judge/grading/language_choice.h"
#include "judge/grading/sandbox_retry.h"
#include "judge/judging/job_pool.h"

namespace judge {
namespace {

constexpr int64_t kMaxSubmissionBytes = 64 << 20;  // a contestant binary may be large

constexpr const char* kScratchPrefix = "judge-grade-";

std::string ScratchRoot(const JudgingContext& c) {
  return c.scratch_root.empty() ? DefaultScratchRoot() : c.scratch_root;
}

// The compiler's options: the pipeline's limits, the context's cache and cancel flag.
CompilerOptions CompilerOptionsOf(const PipelineOptions& o) {
  CompilerOptions c;
  c.limits = o.compile_limits;
  c.cache_dir = o.context.cache_dir;
  c.cache_max_bytes = o.compile_cache_max_bytes;
  c.cancel = o.context.cancel;
  return c;
}

// Marks a started judging incomplete, with the reason, on every path that does not
// finish it: a judge failure, a cancellation, an exception unwinding.
class JudgingGuard {
 public:
  JudgingGuard(Store* store, int64_t judging_id) : store_(store), id_(judging_id) {}
  ~JudgingGuard() {
    if (store_ && id_ && !finished_) (void)store_->MarkIncomplete(id_, reason_);
  }
  JudgingGuard(const JudgingGuard&) = delete;
  JudgingGuard& operator=(const JudgingGuard&) = delete;
  void Fail(const Status& why) {
    reason_ = why.code() == StatusCode::kCancelled ? "interrupted: " + why.message() : why.message();
  }
  void Finished() { finished_ = true; }

 private:
  Store* store_;
  int64_t id_;
  bool finished_ = false;
  std::string reason_ = "the judge stopped before finishing";
};

}  // namespace

namespace {

SubmissionRead Refused(std::string why) {
  SubmissionRead r;
  r.refusal = std::move(why);
  return r;
}

// Why the regular file at `path` cannot be a submission's file ("" when it can):
// not a regular file, or over the size limit. A failed stat is the judge's failure.
Result<std::string> FileRefusal(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return ErrnoStatus(errno, path + ": cannot stat");
  if (!S_ISREG(st.st_mode))
    return path + ": expected a regular file, found a " + std::string(fs::FileKindName(st.st_mode));
  if (st.st_size > kMaxSubmissionBytes)
    return path + ": larger than the " + std::to_string(kMaxSubmissionBytes) + " bytes allowed";
  return std::string();
}

}  // namespace

Result<NewSubmission> SubmissionOrError(Result<SubmissionRead> read) {
  if (!read.ok()) return read.status();
  if (!read->submission) return Status::InvalidArgument(read->refusal);
  return std::move(*read->submission);
}

Result<SubmissionRead> ReadSubmissionFile(const std::string& path, const LanguageProfile& language) {
  if (fs::IsDirectory(path)) return Refused(path + ": is a directory, expected a submission file");
  if (!fs::Exists(path)) return Refused(path + ": no such submission file");
  JUDGE_ASSIGN_OR_RETURN(std::string refusal, FileRefusal(path));
  if (!refusal.empty()) return Refused(std::move(refusal));
  NewSubmission s;
  JUDGE_ASSIGN_OR_RETURN(s.source, fs::ReadFile(path, kMaxSubmissionBytes));
  if (s.source.empty()) return Refused(path + ": the submission is empty");
  s.display_name = path;
  s.file_name = BaseName(path);
  s.language = language;
  return SubmissionRead{std::move(s), ""};
}

Result<SubmissionRead> ReadSubmissionFolder(const std::string& path, const std::string& root,
                                            const LanguageProfile& language) {
  if (!fs::IsDirectory(path)) return Refused(path + ": no such submission folder");
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> names, fs::ListFiles(path));
  // Links to files count when they stay inside root (the package).
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> links, fs::ListFileLinks(path));
  for (const auto& n : links)
    if (!n.empty() && n[0] != '.' && !InsidePackage(root, path + "/" + n))
      return Refused(path + "/" + n + ": expected a file inside the package, found a link leading out of it");
  names.insert(names.end(), links.begin(), links.end());
  std::vector<SourceFile> files;
  int64_t total = 0;
  for (const auto& n : names) {
    if (n.empty() || n[0] == '.') continue;
    JUDGE_ASSIGN_OR_RETURN(std::string refusal, FileRefusal(path + "/" + n));
    if (!refusal.empty()) return Refused(std::move(refusal));
    SourceFile f;
    f.name = n;
    JUDGE_ASSIGN_OR_RETURN(f.bytes, fs::ReadFile(path + "/" + n, kMaxSubmissionBytes));
    total += static_cast<int64_t>(f.bytes.size());
    files.push_back(std::move(f));
  }
  if (files.empty()) return Refused(path + ": the submission folder has no files");
  if (total > kMaxSubmissionBytes) return Refused(path + ": the submission's files are too large");
  NewSubmission s;
  s.source = EncodeSourceFiles(std::move(files));
  s.display_name = path;
  s.file_name = BaseName(path) + "/";
  s.language = language;
  return SubmissionRead{std::move(s), ""};
}

Result<std::unique_ptr<Sandbox>> DefaultSandbox() {
  auto sandbox = CreateSandbox(SandboxOptions{});
  if (!sandbox.ok()) return sandbox.status().WithContext("creating the sandbox");
  return std::move(sandbox).value();
}

// Serializes the observer's calls and stores each test as it finishes.
class Pipeline::Events : public GradeObserver {
 public:
  Events(Pipeline* pipeline, JudgeObserver* observer, std::size_t task)
      : pipeline_(pipeline), observer_(observer), task_(task) {}
  void SetJudging(int64_t judging_id) { judging_id_ = judging_id; }

  void Started(const JudgedSubmission& so_far) {
    if (!observer_) return;
    std::lock_guard<std::mutex> lock(pipeline_->observer_mu_);
    observer_->OnJudgingStarted(task_, so_far);
  }
  void OnTestStarting(std::size_t index, std::size_t count, const TestCase& test) override {
    if (!observer_) return;
    std::lock_guard<std::mutex> lock(pipeline_->observer_mu_);
    observer_->OnTestStarted(task_, index, count, test);
  }
  Status OnTestFinished(std::size_t index, std::size_t count, const TestResult& result) override {
    Store* store = pipeline_->options_.context.store;
    if (store && judging_id_) {  // an unstored task's judging has no id
      Status st = store->AddTestResult(judging_id_, result);
      if (!st.ok()) return st.WithContext("storing test " + result.name);
    }
    if (observer_) {
      std::lock_guard<std::mutex> lock(pipeline_->observer_mu_);
      observer_->OnTestFinished(task_, index, count, result);
    }
    return Status::Ok();
  }
  void Done(const Result<JudgedSubmission>& result) {
    if (!observer_) return;
    std::lock_guard<std::mutex> lock(pipeline_->observer_mu_);
    observer_->OnJudgingDone(task_, result);
  }

 private:
  Pipeline* pipeline_;
  JudgeObserver* observer_;
  std::size_t task_;
  int64_t judging_id_ = 0;
};

// One task, step by step (the theory in pipeline.h).
class Pipeline::Run {
 public:
  Run(Pipeline* pipeline, const JudgeTask& task, Sandbox* sandbox, Events* events)
      : opt_(pipeline->options_), ctx_(opt_.context), store_(task.unstored ? nullptr : ctx_.store), task_(task),
        pkg_(*task.package), problem_(ProblemOf(task)), selected_(Selected(task)), sandbox_(sandbox),
        events_(events) {}

  Result<JudgedSubmission> Go() {
    JUDGE_RETURN_IF_ERROR(ResolveSubmission());
    JUDGE_ASSIGN_OR_RETURN(ScratchDir scratch, ScratchDir::Make(ScratchRoot(ctx_), kScratchPrefix));
    Result<JudgedSubmission> judged = InScratch(scratch);
    if (judged.ok()) return judged;
    return WithoutScratchPath(judged.status(), scratch.path());
  }

 private:
  // A failure's message names the judging's scratch directory as "<scratch>": its
  // host path (which holds the judge's pid) stays inside the judge.
  static Status WithoutScratchPath(const Status& failed, const std::string& scratch) {
    std::string m = failed.message();
    for (std::size_t at = m.find(scratch); at != std::string::npos; at = m.find(scratch, at))
      m.replace(at, scratch.size(), "<scratch>");
    return Status::Error(failed.code(), std::move(m));
  }

  Result<JudgedSubmission> InScratch(const ScratchDir& scratch) {
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(scratch.path() + "/build"));
    Compiler compiler(sandbox_, CompilerOptionsOf(opt_));
    JUDGE_ASSIGN_OR_RETURN(CompileOutcome compiled, CompileSubmission(&compiler, scratch.path() + "/build"));
    if (!compiled.ok && compiled.rejected && !IsFolder())
      JUDGE_RETURN_IF_ERROR(Suggest(&compiler, scratch.path(), &compiled));
    JUDGE_RETURN_IF_ERROR(StartJudging(compiled));
    JudgingGuard guard(store_, out_.judging.id);
    events_->Started(out_);
    Status graded = compiled.ok ? GradeTests(compiled, scratch.path()) : CompileError(compiled);
    if (graded.ok()) graded = Finish();
    if (!graded.ok()) {
      graded = WithoutScratchPath(graded, scratch.path());
      guard.Fail(graded);
      return graded;
    }
    guard.Finished();
    return std::move(out_);
  }

  // A compile error's message ends with the profile that compiles the source, if any
  // (compile_hint.h).
  Status Suggest(Compiler* compiler, const std::string& scratch, CompileOutcome* compiled) {
    if (!ctx_.languages || profile_.suggest_on_error.empty()) return Status::Ok();
    std::string dir = scratch + "/suggest";
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir));
    JUDGE_ASSIGN_OR_RETURN(std::string id,
                           SuggestProfile(compiler, out_.submission.source, profile_, *ctx_.languages,
                                          pkg_.problem.sources, dir));
    if (id.empty()) return Status::Ok();
    compiled->message = WithSuggestion(compiled->message, *ctx_.languages->Find(id));
    // The log's last line too: it is what a reader sees last, and what --json carries.
    if (!compiled->log.empty() && compiled->log.back() != '\n') compiled->log += '\n';
    compiled->log += "judge: " + WithSuggestion("this source does not compile as " + profile_.id,
                                                *ctx_.languages->Find(id)) + "\n";
    return Status::Ok();
  }

  // The package's problem, with the task's limits when it has its own.
  static ProblemConfig ProblemOf(const JudgeTask& task) {
    ProblemConfig problem = task.package->problem;
    if (task.limits) problem.limits = *task.limits;
    return problem;
  }

  // The package's tests that the task's only_tests globs match; empty without globs.
  static std::vector<TestCase> Selected(const JudgeTask& task) {
    std::vector<TestCase> selected;
    for (const TestCase& t : task.package->tests)
      if (std::any_of(task.only_tests.begin(), task.only_tests.end(),
                      [&](const std::string& glob) { return SubmissionGlobMatches(glob, t.name); }))
        selected.push_back(t);
    return selected;
  }

  // The tests this task judges.
  const std::vector<TestCase>& Tests() const { return task_.only_tests.empty() ? pkg_.tests : selected_; }

  // Step 1: the submission, new (stored now) or stored (read back).
  Status ResolveSubmission() {
    if (!task_.package) return Status::Internal("JudgeTask without a package");
    if (problem_.limits.time_ms <= 0)
      return Status::InvalidArgument(pkg_.problem.dir + ": no time limit: problem.yaml gives none and it was not "
                                     "inferred yet (judge grade and judge verify infer it from the accepted "
                                     "submissions; time_limit.h)");
    if (task_.fresh) return AddNewSubmission(*task_.fresh);
    return LoadStoredSubmission();
  }

  Status AddNewSubmission(const NewSubmission& fresh) {
    Submission& s = out_.submission;
    s = NewSubmissionRecord(pkg_, fresh);
    out_.display_name = fresh.display_name;
    profile_ = fresh.language;
    if (store_) {
      JUDGE_ASSIGN_OR_RETURN(s.id, store_->AddSubmission(s));
    }
    return Status::Ok();
  }

  Status LoadStoredSubmission() {
    if (!ctx_.store) return Status::Internal("judging a stored submission needs a store");
    if (!ctx_.languages) return Status::Internal("judging a stored submission needs the language profiles");
    const std::string what = "submission " + std::to_string(task_.stored_id);
    JUDGE_ASSIGN_OR_RETURN(out_.submission, ctx_.store->GetSubmission(task_.stored_id));
    const Submission& s = out_.submission;
    if (s.problem_id != pkg_.problem.id)
      return Status::InvalidArgument(what + " is for problem '" + s.problem_id + "', not '" + pkg_.problem.id +
                                     "' (" + pkg_.problem.dir + ")");
    if (s.package_hash != pkg_.package_hash)
      out_.note = "the package changed since " + what + " was stored; judging it against the package as it is now";
    Result<LanguageProfile> profile = StoredLanguage(*ctx_.languages, s.language_id);
    if (!profile.ok()) return profile.status().WithContext(what);
    profile_ = std::move(profile).value();
    out_.display_name = s.file_name;
    return Status::Ok();
  }

  // Step 3: the submission's files (a folder's, and the package's include/ files for
  // its language) compiled; source over the problem's code limit is CE (a contestant's
  // binary is no source: the limit, of the Kattis format, is for code).
  // A multi-file submission: its files travel as one source (EncodeSourceFiles).
  bool IsFolder() const { return !out_.submission.file_name.empty() && out_.submission.file_name.back() == '/'; }

  Result<CompileOutcome> CompileSubmission(Compiler* compiler, const std::string& dir) {
    const Submission& s = out_.submission;
    return CompileForPackage(compiler, pkg_, profile_, s.file_name, s.source, dir);
  }

  // Step 4: the judging record, in memory and (with a store) stored.
  Status StartJudging(const CompileOutcome& compiled) {
    Judging& j = out_.judging;
    j.submission_id = out_.submission.id;
    j.status = JudgingStatus::kRunning;
    if (pkg_.plugin) {
      j.plugin_id = pkg_.plugin->id();
      j.plugin_version = pkg_.plugin->version();
      j.plugin_hash = pkg_.plugin_hash;
    }
    j.checker = pkg_.checker_name;
    j.limits = problem_.limits;
    j.limits.wall_ms = EffectiveWallMs(problem_.limits);
    j.sandbox_method = compiled.sandbox_method;
    j.judge_version = opt_.judge_version;
    j.owner = CurrentProcessOwner();
    j.tests_total = static_cast<int64_t>(Tests().size());
    j.compile_log = compiled.log;
    j.compile_cached = compiled.from_cache;
    j.compile_attempts = compiled.attempts;
    if (store_) {
      JUDGE_ASSIGN_OR_RETURN(j.id, store_->StartJudging(j));
    }
    events_->SetJudging(j.id);
    return Status::Ok();
  }

  Status CompileError(const CompileOutcome& compiled) {
    Judging& j = out_.judging;
    j.verdict = Verdict::kCompileError;
    j.score = 0;
    j.message = compiled.message;
    return Status::Ok();
  }

  // Step 5: the tests, each stored as it finishes (Events).
  Status GradeTests(const CompileOutcome& compiled, const std::string& scratch) {
    GradeRequest req = MakeGradeRequest(pkg_, problem_, Tests(), compiled.program, sandbox_);
    req.observer = events_;
    GradeOptions gopt;
    gopt.run_all = task_.run_all;
    gopt.limit_factor = task_.limit_factor;
    gopt.scratch_dir = scratch + "/grade";
    gopt.cancel = ctx_.cancel;
    gopt.test_jobs = std::max(1, task_.test_jobs);
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(gopt.scratch_dir));
    JUDGE_ASSIGN_OR_RETURN(GradeReport graded, Grade(req, gopt));
    Judging& j = out_.judging;
    j.verdict = graded.verdict;
    j.score = graded.score;
    j.max_score = graded.max_score;
    j.max_time_ms = graded.max_time_ms;
    j.total_time_ms = graded.total_time_ms;
    j.memory_kib = graded.memory_kib;
    if (!graded.message.empty()) j.message = graded.message;
    j.tests = std::move(graded.tests);
    for (std::size_t i = 0; i < j.tests.size(); ++i) j.tests[i].ordinal = static_cast<int32_t>(i);
    return Status::Ok();
  }

  Status Finish() {
    Judging& j = out_.judging;
    j.status = JudgingStatus::kDone;
    if (store_) JUDGE_RETURN_IF_ERROR(store_->FinishJudging(j.id, j));
    return Status::Ok();
  }

  const PipelineOptions& opt_;
  const JudgingContext& ctx_;
  Store* const store_;  // the context's, or null for an unstored task
  const JudgeTask& task_;
  const Package& pkg_;
  const ProblemConfig problem_;  // the package's, with the task's limits
  const std::vector<TestCase> selected_;  // Selected(task_): Tests() with only_tests
  Sandbox* sandbox_;
  Events* events_;
  LanguageProfile profile_;
  JudgedSubmission out_;
};

Pipeline::Pipeline(PipelineOptions options) : options_(std::move(options)) {
  if (!options_.context.sandboxes) options_.context.sandboxes = DefaultSandbox;
}

Result<JudgedSubmission> Pipeline::Judge(const JudgeTask& task, Sandbox* sandbox, JudgeObserver* observer,
                                         std::size_t task_index) {
  Events events(this, observer, task_index);
  Result<JudgedSubmission> result = Status::Internal("not judged");
  if (options_.context.cancel && options_.context.cancel->load()) {
    result = Status::Cancelled("not judged: the judge was interrupted");
  } else {
    // A run the sandbox could not take (its keeper had gone away) is the judge's
    // fault: tried again rather than failing the judging (judge/grading/sandbox_retry.h).
    RetryingSandbox retrying(sandbox);
    Run run(this, task, &retrying, &events);
    result = run.Go();
  }
  events.Done(result);
  return result;
}

std::vector<Result<JudgedSubmission>> Pipeline::JudgeAll(const std::vector<JudgeTask>& tasks,
                                                         JudgeObserver* observer) {
  std::vector<Result<JudgedSubmission>> results(tasks.size(), Status::Cancelled("not judged: the judge was interrupted"));
  // Never more programs at once than cores (the front ends said so when they clamped).
  const int jobs = std::max(1, ClampToHostCores(options_.jobs, "jobs", nullptr));
  std::vector<std::optional<Result<std::unique_ptr<Sandbox>>>> sandboxes(static_cast<std::size_t>(jobs));
  // Jobs that fewer tasks than jobs would leave idle run their tests in parallel.
  const int test_jobs = tasks.empty() ? 1 : std::max(1, jobs / static_cast<int>(std::min<std::size_t>(jobs, tasks.size())));
  ForEachIndex(jobs, tasks.size(), options_.context.cancel, [&](int worker, std::size_t i) {
    auto& sandbox = sandboxes[static_cast<std::size_t>(worker)];
    // A sandbox that could not be made is made again for each later task (a fault of
    // the moment, such as a host directory being prepared, costs only the tasks it hit).
    for (int attempt = 0; attempt < kSandboxCreateAttempts && (!sandbox || !sandbox->ok()); ++attempt)
      sandbox = options_.context.sandboxes();
    if (!sandbox->ok()) {
      results[i] = sandbox->status();
      Events(this, observer, i).Done(results[i]);
      return;
    }
    if (tasks[i].test_jobs == 0 && test_jobs > 1) {
      JudgeTask task = tasks[i];
      task.test_jobs = test_jobs;
      results[i] = Judge(task, sandbox->value().get(), observer, i);
      return;
    }
    results[i] = Judge(tasks[i], sandbox->value().get(), observer, i);
  });
  return results;
}

Result<std::unique_ptr<CompiledProgram>> Pipeline::Compile(const Package& package, const NewSubmission& submission,
                                                           Sandbox* sandbox) {
  std::unique_ptr<CompiledProgram> program(new CompiledProgram());
  JUDGE_ASSIGN_OR_RETURN(program->scratch_, ScratchDir::Make(ScratchRoot(options_.context), kScratchPrefix));
  const std::string& scratch = program->scratch_.path();  // removed with the CompiledProgram
  program->work_dir_ = scratch + "/work";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(scratch + "/build"));
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(program->work_dir_));
  RetryingSandbox retrying(sandbox);
  Compiler compiler(&retrying, CompilerOptionsOf(options_));
  JUDGE_ASSIGN_OR_RETURN(program->outcome_, CompileForPackage(&compiler, package, submission.language,
                                                              submission.file_name, submission.source,
                                                              scratch + "/build"));
  return program;
}

Result<GradeReport> Pipeline::RunTests(const CompiledProgram& program, const Package& package,
                                       const ProblemConfig& problem, const std::vector<TestCase>& tests,
                                       Sandbox* sandbox, int64_t keep_output_bytes) {
  if (!program.outcome().ok) return Status::Internal("RunTests: the program did not compile");
  RetryingSandbox retrying(sandbox);
  GradeRequest req = MakeGradeRequest(package, problem, tests, program.outcome().program, &retrying);
  GradeOptions gopt;
  gopt.scratch_dir = program.scratch_.path() + "/grade";
  gopt.keep_output_bytes = keep_output_bytes;
  gopt.cancel = options_.context.cancel;
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(gopt.scratch_dir));
  return Grade(req, gopt);
}

Submission NewSubmissionRecord(const Package& package, const NewSubmission& fresh) {
  Submission s;
  s.problem_id = package.problem.id;
  s.package_hash = package.package_hash;
  s.file_name = fresh.file_name;
  s.source = fresh.source;
  s.language_id = fresh.language.id;
  s.compiler_version = ToolchainVersion(fresh.language);
  return s;
}

GradeRequest MakeGradeRequest(const Package& package, const ProblemConfig& problem,
                              const std::vector<TestCase>& tests, const Program& program, Sandbox* sandbox) {
  GradeRequest req;
  req.problem = &problem;
  req.tests = &tests;
  req.program = &program;
  req.sandbox = sandbox;
  req.checker = package.checker.get();
  req.groups = &package.test_groups;
  req.kattis_groups = package.kattis_groups;
  req.domjudge_scoring = package.domjudge_scoring;
  req.grader = package.grader.get();
  req.output_truncates = package.for_domjudge;
  return req;
}

namespace {

// The package's include/ files for a language: "default" first, then the language's own.
std::vector<SourceFile> IncludeFiles(const Package& package, const LanguageProfile& profile) {
  std::vector<SourceFile> out;
  for (const std::string& lang : {std::string("default"), profile.kattis_code}) {
    if (lang.empty()) continue;  // a profile without a Kattis code takes include/default/ only
    auto it = package.include_files.find(lang);
    if (it == package.include_files.end()) continue;
    for (const auto& f : it->second) {
      auto same = std::find_if(out.begin(), out.end(), [&](const SourceFile& o) { return o.name == f.name; });
      if (same != out.end()) *same = f;
      else out.push_back(f);
    }
  }
  return out;
}

}  // namespace

Result<CompileOutcome> CompileForPackage(Compiler* compiler, const Package& package, const LanguageProfile& profile,
                                         const std::string& file_name, const std::string& source,
                                         const std::string& dir) {
  const std::optional<int64_t>& code_kib = package.problem.code_kib;
  if (code_kib && profile.id != "binary" && static_cast<int64_t>(source.size()) > *code_kib * 1024) {
    CompileOutcome ce;
    ce.message = "the submission is " + std::to_string((source.size() + 1023) / 1024) +
                 " KiB, over the problem's code limit of " + std::to_string(*code_kib) + " KiB";
    return ce;
  }
  const bool folder = !file_name.empty() && file_name.back() == '/';
  std::vector<SourceFile> includes = IncludeFiles(package, profile);
  // Languages that run the source run it under its submitted name when it is safe,
  // unless a file of the package's include/ has that name.
  LanguageProfile named = profile;
  if (!folder) named.source_name = SubmittedSourceName(profile, file_name);
  for (const SourceFile& inc : includes)
    if (inc.name == named.source_name) named.source_name = profile.source_name;
  if (!folder && includes.empty()) return compiler->Compile(source, named, dir);
  std::vector<SourceFile> files;
  if (folder) {
    JUDGE_ASSIGN_OR_RETURN(files, DecodeSourceFiles(source));
  } else {
    files.push_back({file_name.empty() ? profile.source_name : file_name, source, false});
  }
  for (auto& inc : includes) {  // the package's files win over the submission's
    auto same = std::find_if(files.begin(), files.end(), [&](const SourceFile& f) { return f.name == inc.name; });
    if (same != files.end()) *same = inc;
    else files.push_back(inc);
  }
  return compiler->Compile(files, named, dir);
}

}  // namespace judge
