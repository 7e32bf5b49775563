// A Polygon package's missing tests and answers, made (see judge/judging/polygon_tests.h).
#include "judge/judging/polygon_tests.h"

#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cerrno>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/base/unique_fd.h"
#include "judge/config/polygon.h"
#include "judge/grading/checker.h"
#include "judge/grading/tool_checker.h"
#include "judge/grading/tool_program.h"

namespace judge {
namespace {

// Tests are bigger than a validator's messages: what a generator or the main solution
// may write (stdout, or the output file).
constexpr int64_t kMadeOutputKib = int64_t{1} << 20;
constexpr const char* kEntryPrefix = "polygon-";
constexpr const char* kEntryHeader = "polygon-tests v1";

std::string Canonical(const std::string& path) {
  char real[PATH_MAX];
  return ::realpath(path.c_str(), real) ? std::string(real) : path;
}

// The main solution as a program: its source file, built with the profile its type names.
PackageProgram MainProgram(const PolygonSolution& main) {
  const std::size_t slash = main.path.rfind('/');
  const std::string name = slash == std::string::npos ? main.path : main.path.substr(slash + 1);
  return PackageProgram{name, main.path, false, PolygonLanguage(main.type)};
}

std::string Parent(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}

void AddBytes(Sha256* h, const std::string& label, const std::string& bytes) {
  h->Update(label);
  h->Update(std::string_view("\0", 1));
  h->Update(std::to_string(bytes.size()));
  h->Update(std::string_view("\0", 1));
  h->Update(bytes);
}

// A program's source, every file beside it and its resources (what it may include).
Status AddProgram(Sha256* h, const PackageProgram& p) {
  AddBytes(h, "program", p.name + "\n" + p.language);
  const std::string dir = Parent(p.path);
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> files, fs::ListFiles(dir));
  for (const auto& f : files) {
    JUDGE_ASSIGN_OR_RETURN(std::string bytes, fs::ReadFile(dir + "/" + f, 64 << 20));
    AddBytes(h, f, bytes);
  }
  for (const auto& r : p.resources) {
    JUDGE_ASSIGN_OR_RETURN(std::string bytes, fs::ReadFile(r, 64 << 20));
    AddBytes(h, "resource " + r.substr(r.rfind('/') + 1), bytes);
  }
  return Status::Ok();
}

Result<std::string> PlanKey(const ProblemConfig& config, const PolygonTestPlan& plan) {
  Sha256 h;
  h.Update(kEntryHeader);
  JUDGE_ASSIGN_OR_RETURN(std::string xml, fs::ReadFile(config.dir + "/problem.xml", 64 << 20));
  AddBytes(&h, "problem.xml", xml);
  for (const auto& [name, program] : plan.generators) JUDGE_RETURN_IF_ERROR(AddProgram(&h, program));
  if (plan.main) JUDGE_RETURN_IF_ERROR(AddProgram(&h, MainProgram(*plan.main)));
  if (plan.main && config.interactor_program) JUDGE_RETURN_IF_ERROR(AddProgram(&h, *config.interactor_program));
  for (const auto& t : plan.tests) {
    if (t.make_input || !t.make_answer) continue;
    JUDGE_ASSIGN_OR_RETURN(std::string input, fs::ReadFile(config.dir + "/" + t.input_rel));
    AddBytes(&h, t.input_rel, input);
  }
  return h.FinishHex();
}

// The files made, relative to the package, in test order.
std::vector<std::string> MadeFiles(const PolygonTestPlan& plan) {
  std::vector<std::string> out;
  for (const auto& t : plan.tests) {
    if (t.make_input) out.push_back(t.input_rel);
    if (t.make_answer) out.push_back(t.answer_rel);
  }
  return out;
}

Status MakeParentDirs(const std::string& path) { return fs::MakeDirs(Parent(path)); }

// The entry's files copied into made/, each checked against the SHA-256 the entry
// recorded when it was written; false (and made/ possibly half filled) on any doubt.
bool CopyFromCache(const std::string& entry, const std::vector<std::string>& rels, const std::string& made) {
  Result<std::string> result = fs::ReadFile(entry + "/result", 64 << 20);
  if (!result.ok() || result->rfind(std::string(kEntryHeader) + "\n", 0) != 0) return false;
  for (const auto& rel : rels) {
    const std::size_t at = result->find(" " + rel + "\n");
    if (at == std::string::npos || at < 64 || (*result)[at - 65] != '\n') return false;
    const std::string expected = result->substr(at - 64, 64);
    const std::string to = made + "/" + rel;
    if (!MakeParentDirs(to).ok() || !fs::CopyFile(entry + "/files/" + rel, to, 0644).ok()) return false;
    Result<std::string> got = Sha256File(to);
    if (!got.ok() || *got != expected) return false;
  }
  return true;
}

// Best effort: a cache that cannot be written costs the next load its time.
void StoreInCache(const std::string& cache_dir, const std::string& key, const std::vector<std::string>& rels,
                  const std::string& made) {
  if (cache_dir.empty() || !fs::MakeDirs(cache_dir).ok()) return;
  Result<std::string> tmp = fs::MakeTempDir(cache_dir, ".tmp-polygon-");
  if (!tmp.ok()) return;
  std::string result = std::string(kEntryHeader) + "\n";
  for (const auto& rel : rels) {
    const std::string to = *tmp + "/files/" + rel;
    Result<std::string> sum = MakeParentDirs(to).ok() && fs::CopyFile(made + "/" + rel, to, 0444).ok()
                                  ? Sha256File(to)
                                  : Result<std::string>(Status::Internal("not copied"));
    if (!sum.ok()) {
      (void)fs::RemoveTree(*tmp);
      return;
    }
    result += *sum + " " + rel + "\n";
  }
  const std::string entry = cache_dir + "/" + kEntryPrefix + key;
  if (!fs::WriteFile(*tmp + "/result", result).ok() || ::rename(tmp->c_str(), entry.c_str()) != 0)
    (void)fs::RemoveTree(*tmp);  // another judge stored it first, or the cache is not writable
}

// "TLE", "RE (exit 3)" and the first of its stderr.
std::string RunFailure(const RunResult& r, const std::string& stderr_path) {
  std::string out(RunStatusCode(r.status));
  if (r.exit_code > 0) out += " (exit " + std::to_string(r.exit_code) + ")";
  if (r.signal > 0) out += " (signal " + std::to_string(r.signal) + ")";
  const std::string message = ReadToolMessage(stderr_path, 300);
  return message.empty() ? out : out + ": " + message;
}

bool Succeeded(const RunResult& r) { return r.status == RunStatus::kOk && r.exit_code == 0; }

// "test 5" or "tests 5, 6".
std::string TestsLabel(const std::vector<const PolygonTestToMake*>& tests) {
  std::string out = tests.size() == 1 ? "test " : "tests ";
  for (std::size_t i = 0; i < tests.size(); ++i) out += (i ? ", " : "") + std::to_string(tests[i]->number);
  return out;
}

// Copies the file `name` that a generator's run left in its work directory (dirfd) to
// `to`. What the run left is hostile: the name is opened beneath dirfd without
// following a link and without blocking (a FIFO), and only a regular file of at most
// max_bytes is taken. Errors say what was found instead ("" when the judge failed).
Status TakeRunFile(int dirfd, const std::string& name, const std::string& to, int64_t max_bytes, std::string* found) {
  UniqueFd in(::openat(dirfd, name.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY));
  if (!in) {
    const int e = errno;
    if (e == ENOENT) *found = "no file " + name;
    if (e == ELOOP) *found = "a symbolic link " + name;
    if (e == ENXIO) *found = "a socket " + name;
    return found->empty() ? ErrnoStatus(e, name + ": cannot open") : Status::InvalidArgument(*found);
  }
  struct stat st;
  if (::fstat(in.get(), &st) != 0) return ErrnoStatus(errno, name + ": cannot stat");
  if (!S_ISREG(st.st_mode)) *found = "a " + std::string(fs::FileKindName(st.st_mode)) + " " + name;
  else if (st.st_size > max_bytes) *found = "a file " + name + " of more than " + std::to_string(max_bytes) + " bytes";
  if (!found->empty()) return Status::InvalidArgument(*found);
  ::fcntl(in.get(), F_SETFL, 0);  // a regular file: blocking reads are fine
  UniqueFd out(::open(to.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0644));
  if (!out) return ErrnoStatus(errno, to + ": cannot create");
  std::string buf(1 << 16, '\0');
  int64_t total = 0;
  for (;;) {
    const ssize_t n = ::read(in.get(), buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return ErrnoStatus(errno, name + ": cannot read");
    if (n == 0) break;
    total += n;
    if (total > max_bytes) {
      *found = "a file " + name + " of more than " + std::to_string(max_bytes) + " bytes";
      return Status::InvalidArgument(*found);
    }
    for (ssize_t done = 0; done < n;) {
      const ssize_t w = ::write(out.get(), buf.data() + done, static_cast<std::size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) return ErrnoStatus(errno, to + ": cannot write");
      done += w;
    }
  }
  if (::close(out.Release()) != 0) return ErrnoStatus(errno, to + ": cannot write");
  return Status::Ok();
}

// Builds and runs the plan's programs, one run at a time, in one sandbox.
class Maker {
 public:
  Maker(const ProblemConfig& config, const PolygonMakeOptions& options, std::string made)
      : config_(config), options_(options), made_(std::move(made)) {}

  Status Start(const PolygonTestPlan& plan, const std::string& work_root);
  Status Generate(const PolygonTestToMake& t);
  // One run of a generator writing several tests, each its file (PolygonTestToMake::
  // from_file); tests all share the generator and its arguments.
  Status GenerateFiles(const std::vector<const PolygonTestToMake*>& tests);
  Status Answer(const PolygonTestToMake& t);
  // The main solution's answer to the input at `input`, written to `out`; `what`
  // names the input in errors ("<dir>/problem.xml: test 5").
  Status AnswerInput(const std::string& input, const std::string& out, const std::string& what);

 private:
  // An interactive problem's answer: what the interactor writes to its output file
  // while the main solution runs against it (Polygon's rule).
  Status AnswerInteractively(const std::string& input, const std::string& out, const std::string& what,
                             const std::string& dir);
  std::shared_ptr<ToolEnvironment> Environment(const std::string& build_root, ToolLimits limits) const;
  Result<std::string> RunDir() { return fs::MakeTempDir(work_root_, "run-"); }
  std::string Input(const PolygonTestToMake& t) const {
    return (t.make_input ? made_ : config_.dir) + "/" + t.input_rel;
  }

  const ProblemConfig& config_;
  const PolygonMakeOptions& options_;
  const std::string made_;
  std::string work_root_;
  std::unique_ptr<Sandbox> sandbox_;
  std::map<std::string, std::unique_ptr<ToolProgram>> generators_;
  std::unique_ptr<ToolProgram> main_;
  std::unique_ptr<Checker> interaction_;  // the interactor, when the problem is interactive
};

std::shared_ptr<ToolEnvironment> Maker::Environment(const std::string& build_root, ToolLimits limits) const {
  auto env = std::make_shared<ToolEnvironment>();
  env->languages = options_.context.languages;
  env->cache_dir = options_.context.cache_dir;
  env->build_root = build_root;
  env->package_dir = Canonical(config_.dir);
  limits.run_output_kib = std::max(limits.run_output_kib, kMadeOutputKib);
  env->limits = limits;
  return env;
}

Status Maker::Start(const PolygonTestPlan& plan, const std::string& work_root) {
  work_root_ = work_root;
  const SandboxFactory& make = options_.context.sandboxes;
  Result<std::unique_ptr<Sandbox>> sandbox = make ? make() : DefaultSandbox();
  if (!sandbox.ok()) return sandbox.status().WithContext("making the package's tests");
  sandbox_ = std::move(*sandbox);
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(work_root + "/build"));
  auto tools = Environment(work_root + "/build", config_.tool_limits);
  for (const auto& [name, program] : plan.generators)
    generators_[name] = std::make_unique<ToolProgram>(program, "generator " + program.name, tools);
  if (plan.main) {
    // The main solution runs as a submission would: the testset's limits.
    ToolLimits limits = config_.tool_limits;
    limits.run_time_ms = config_.limits.time_ms;
    limits.run_memory_kib = config_.limits.memory_kib;
    main_ = std::make_unique<ToolProgram>(MainProgram(*plan.main), "main solution " + plan.main->rel,
                                          Environment(work_root + "/build", limits));
    if (config_.interactive && config_.interactor_program) {
      auto interactor = std::make_shared<ToolProgram>(*config_.interactor_program,
                                                      "interactor " + config_.interactor_program->name, tools);
      interaction_ = MakeInteractiveChecker(InteractorKind::kTestlib, std::move(interactor), nullptr, false,
                                            TestlibPoints::kAccepted);
    }
  }
  return Status::Ok();
}

Status Maker::Generate(const PolygonTestToMake& t) {
  ToolProgram& generator = *generators_.at(t.generator);
  JUDGE_ASSIGN_OR_RETURN(std::string dir, RunDir());
  const std::string out = made_ + "/" + t.input_rel;
  JUDGE_RETURN_IF_ERROR(MakeParentDirs(out));
  ToolRun run;
  run.args = t.args;
  run.work_dir = dir + "/work";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run.work_dir));
  run.stdout_path = out;
  run.stderr_path = dir + "/stderr";
  run.cancel = options_.context.cancel;
  JUDGE_ASSIGN_OR_RETURN(RunResult r, generator.Run(sandbox_.get(), run));
  if (!Succeeded(r))
    return Status::InvalidArgument(config_.dir + "/problem.xml: test " + std::to_string(t.number) +
                                   ": expected the generator's command \"" + t.cmd + "\" to write the test, found " +
                                   RunFailure(r, run.stderr_path));
  return fs::RemoveTree(dir);
}

Status Maker::GenerateFiles(const std::vector<const PolygonTestToMake*>& tests) {
  const PolygonTestToMake& first = *tests.front();
  ToolProgram& generator = *generators_.at(first.generator);
  JUDGE_ASSIGN_OR_RETURN(std::string dir, RunDir());
  ToolRun run;
  run.args = first.args;
  run.work_dir = dir + "/work";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run.work_dir));
  std::vector<std::string> names;
  for (const PolygonTestToMake* t : tests) names.push_back(t->from_file);
  run.copy_back_only = names;  // nothing else it writes comes out of the sandbox
  run.stderr_path = dir + "/stderr";
  run.cancel = options_.context.cancel;
  JUDGE_ASSIGN_OR_RETURN(RunResult r, generator.Run(sandbox_.get(), run));
  const std::string failed = config_.dir + "/problem.xml: " + TestsLabel(tests) +
                             ": expected the generator's command \"" + first.cmd + "\" to write ";
  if (!Succeeded(r)) return Status::InvalidArgument(failed + "the tests, found " + RunFailure(r, run.stderr_path));
  JUDGE_ASSIGN_OR_RETURN(UniqueFd work, fs::OpenDirectory(run.work_dir));
  for (const PolygonTestToMake* t : tests) {
    const std::string out = made_ + "/" + t->input_rel;
    JUDGE_RETURN_IF_ERROR(MakeParentDirs(out));
    std::string found;
    Status taken = TakeRunFile(work.get(), t->from_file, out, kMadeOutputKib * 1024, &found);
    if (!found.empty())
      return Status::InvalidArgument(config_.dir + "/problem.xml: test " + std::to_string(t->number) +
                                     ": expected the generator's command \"" + first.cmd + "\" to write the file " +
                                     t->from_file + " (a regular file), found " + found);
    JUDGE_RETURN_IF_ERROR(taken);
  }
  return fs::RemoveTree(dir);
}

Status Maker::AnswerInteractively(const std::string& input, const std::string& out, const std::string& what,
                                  const std::string& dir) {
  ToolRun run;
  run.work_dir = dir + "/work";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run.work_dir));
  run.stderr_path = dir + "/stderr";
  run.wall_ms = DefaultWallMs(config_.limits.time_ms);
  run.cancel = options_.context.cancel;
  TestCase test;
  test.name = input.substr(input.rfind('/') + 1);
  test.input_path = input;
  InteractRequest q;
  q.test = &test;
  JUDGE_ASSIGN_OR_RETURN(q.submission, main_->Prepare(sandbox_.get(), run));
  q.sandbox = sandbox_.get();
  q.scratch_dir = dir + "/interaction";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(q.scratch_dir));
  q.cancel = options_.context.cancel;
  JUDGE_ASSIGN_OR_RETURN(InteractOutcome o, interaction_->Interact(q));
  const std::string failed =
      what + ": expected the main solution " + main_->source().name + " and the interactor to answer it, found ";
  if (!o.check.ok())  // the interactor does not build, or failed to run
    return o.check.status().WithContext(what);
  if (!Succeeded(o.submission)) return Status::InvalidArgument(failed + RunFailure(o.submission, run.stderr_path));
  if (o.check->verdict != CheckVerdict::kAccepted)
    return Status::InvalidArgument(failed + "the interactor's verdict " +
                                   std::string(CheckVerdictName(o.check->verdict)) + ": " + o.check->message);
  const std::string& written = o.interactor_output_path;
  JUDGE_ASSIGN_OR_RETURN(UniqueFd where, fs::OpenDirectory(Parent(written)));
  std::string found;
  Status taken = TakeRunFile(where.get(), written.substr(written.rfind('/') + 1), out, kMadeOutputKib * 1024, &found);
  if (!found.empty()) return Status::InvalidArgument(failed + "as the interactor's output file " + found);
  JUDGE_RETURN_IF_ERROR(taken);
  return fs::RemoveTree(dir);
}

Status Maker::Answer(const PolygonTestToMake& t) {
  const std::string out = made_ + "/" + t.answer_rel;
  JUDGE_RETURN_IF_ERROR(MakeParentDirs(out));
  return AnswerInput(Input(t), out, config_.dir + "/problem.xml: test " + std::to_string(t.number));
}

Status Maker::AnswerInput(const std::string& input, const std::string& out, const std::string& what) {
  JUDGE_ASSIGN_OR_RETURN(std::string dir, RunDir());
  if (interaction_) return AnswerInteractively(input, out, what, dir);
  ToolRun run;
  run.work_dir = dir + "/work";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run.work_dir));
  const bool files = config_.io_mode == IoMode::kFile;
  if (files) JUDGE_RETURN_IF_ERROR(fs::CopyFile(input, run.work_dir + "/" + config_.input_file, 0644));
  else run.stdin_path = input;
  if (!files) run.stdout_path = out;
  run.stderr_path = dir + "/stderr";
  run.wall_ms = DefaultWallMs(config_.limits.time_ms);
  run.cancel = options_.context.cancel;
  JUDGE_ASSIGN_OR_RETURN(RunResult r, main_->Run(sandbox_.get(), run));
  const std::string failed = what + ": expected the main solution " + main_->source().name + " to answer it, found ";
  if (!Succeeded(r)) return Status::InvalidArgument(failed + RunFailure(r, run.stderr_path));
  if (files) {
    fs::OpenOutcome how = fs::OpenOutcome::kRead;
    JUDGE_ASSIGN_OR_RETURN(std::string answer, fs::ReadNoFollow(run.work_dir + "/" + config_.output_file,
                                                                kMadeOutputKib * 1024, &how));
    if (how != fs::OpenOutcome::kRead)
      return Status::InvalidArgument(failed + "no output file " + config_.output_file);
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(out, answer));
  }
  return fs::RemoveTree(dir);
}

std::string ScratchRootOf(const PolygonMakeOptions& options) {
  return options.context.scratch_root.empty() ? DefaultScratchRoot() : options.context.scratch_root;
}

bool Cancelled(const PolygonMakeOptions& options) { return options.context.cancel && options.context.cancel->load(); }

// What one run of a generator is: its name and arguments.
std::vector<std::string> RunOf(const PolygonTestToMake& t) {
  std::vector<std::string> run = {t.generator};
  run.insert(run.end(), t.args.begin(), t.args.end());
  return run;
}

Status MakeAll(const ProblemConfig& config, const PolygonTestPlan& plan, const PolygonMakeOptions& options,
               const std::string& made) {
  JUDGE_ASSIGN_OR_RETURN(ScratchDir work, ScratchDir::Make(ScratchRootOf(options), "judge-polygon-"));
  Maker maker(config, options, made);
  JUDGE_RETURN_IF_ERROR(maker.Start(plan, work.path()));
  const std::string of = " of " + std::to_string(plan.tests.size());
  std::set<std::vector<std::string>> runs_done;  // generator and arguments of each multi-test run
  for (const PolygonTestToMake& t : plan.tests) {
    if (Cancelled(options)) return Status::Cancelled("making the package's tests: interrupted");
    if (!t.make_input) continue;
    if (t.from_file.empty()) {
      if (options.on_progress) options.on_progress("generating test " + std::to_string(t.number) + of + ": " + t.cmd);
      JUDGE_RETURN_IF_ERROR(maker.Generate(t));
      continue;
    }
    if (!runs_done.insert(RunOf(t)).second) continue;
    std::vector<const PolygonTestToMake*> tests;
    for (const PolygonTestToMake& u : plan.tests)
      if (u.make_input && !u.from_file.empty() && RunOf(u) == RunOf(t)) tests.push_back(&u);
    if (options.on_progress) options.on_progress("generating " + TestsLabel(tests) + of + ": " + t.cmd);
    JUDGE_RETURN_IF_ERROR(maker.GenerateFiles(tests));
  }
  for (const PolygonTestToMake& t : plan.tests) {
    if (Cancelled(options)) return Status::Cancelled("making the package's tests: interrupted");
    if (!t.make_answer) continue;
    if (options.on_progress)
      options.on_progress("answering test " + std::to_string(t.number) + " with " + plan.main->rel);
    JUDGE_RETURN_IF_ERROR(maker.Answer(t));
  }
  return Status::Ok();
}

}  // namespace

Result<PolygonMainAnswer> AnswerWithPolygonMain(const ProblemConfig& config, const std::string& input_path,
                                                const std::string& input_name, const PolygonMakeOptions& options) {
  JUDGE_ASSIGN_OR_RETURN(std::vector<PolygonSolution> solutions, LoadPolygonSolutions(config.dir));
  PolygonTestPlan plan;
  for (PolygonSolution& s : solutions)
    if (s.tag == "main") plan.main = std::move(s);
  if (!plan.main)
    return Status::InvalidArgument(config.dir + "/problem.xml: expected a solution tagged main to answer " +
                                   input_name + ", found none");
  PolygonMainAnswer made;
  made.solution = plan.main->rel;
  JUDGE_ASSIGN_OR_RETURN(ScratchDir work, ScratchDir::Make(ScratchRootOf(options), "judge-polygon-"));
  Maker maker(config, options, work.path());
  JUDGE_RETURN_IF_ERROR(maker.Start(plan, work.path()));
  const std::string out = work.path() + "/answer";
  JUDGE_RETURN_IF_ERROR(maker.AnswerInput(input_path, out, input_name));
  fs::OpenOutcome how = fs::OpenOutcome::kRead;
  JUDGE_ASSIGN_OR_RETURN(made.answer, fs::ReadNoFollow(out, kMadeOutputKib * 1024, &how));
  if (how != fs::OpenOutcome::kRead)
    return Status::Internal(input_name + ": the main solution's answer was not written");
  return made;
}

Result<std::unique_ptr<ScratchDir>> MakePolygonTests(const ProblemConfig& config, const PolygonMakeOptions& options) {
  JUDGE_ASSIGN_OR_RETURN(PolygonTestPlan plan, LoadPolygonTestPlan(config));
  if (plan.tests.empty()) return std::unique_ptr<ScratchDir>();
  JUDGE_ASSIGN_OR_RETURN(std::string key, PlanKey(config, plan));
  JUDGE_ASSIGN_OR_RETURN(ScratchDir made, ScratchDir::Make(ScratchRootOf(options), "judge-polygon-made-"));
  const std::vector<std::string> rels = MadeFiles(plan);
  const std::string& cache_dir = options.context.cache_dir;
  const std::string entry = cache_dir.empty() ? "" : cache_dir + "/" + kEntryPrefix + key;
  if (!entry.empty() && CopyFromCache(entry, rels, made.path())) {
    if (options.on_progress) options.on_progress("tests made earlier, taken from the cache");
    return std::make_unique<ScratchDir>(std::move(made));
  }
  JUDGE_RETURN_IF_ERROR(MakeAll(config, plan, options, made.path()));
  // An entry that failed its check is replaced (best effort: another judge may be
  // replacing it too).
  if (!entry.empty() && fs::Exists(entry)) (void)fs::RemoveTree(entry);
  StoreInCache(cache_dir, key, rels, made.path());
  return std::make_unique<ScratchDir>(std::move(made));
}

}  // namespace judge
