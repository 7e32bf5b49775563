// One test of a submission, judged (see test_runner.h).
#include "test_runner.h"

#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <utility>

#include "judge/base/dir_names.h"
#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/base/unique_fd.h"
#include "judge/config/language.h"

namespace judge {
namespace {

Verdict VerdictOfRun(RunStatus s) {
  switch (s) {
    case RunStatus::kTimeLimitExceeded: return Verdict::kTimeLimitExceeded;
    case RunStatus::kMemoryLimitExceeded: return Verdict::kMemoryLimitExceeded;
    case RunStatus::kOutputLimitExceeded: return Verdict::kOutputLimitExceeded;
    case RunStatus::kRuntimeError: return Verdict::kRuntimeError;
    case RunStatus::kOk: break;
  }
  return Verdict::kAccepted;
}

// The test verdict of a checker's outcome: a partial score is WA with the score.
Verdict VerdictOfCheck(CheckVerdict v) {
  switch (v) {
    case CheckVerdict::kAccepted: return Verdict::kAccepted;
    case CheckVerdict::kPresentationError: return Verdict::kPresentationError;
    case CheckVerdict::kWrongAnswer:
    case CheckVerdict::kPartial: break;
  }
  return Verdict::kWrongAnswer;
}

// "message; note" (either alone when the other is empty).
void AppendNote(const std::string& note, std::string* message) {
  if (note.empty()) return;
  *message = message->empty() ? note : *message + "; " + note;
}

void CopyRun(const RunResult& r, TestResult* out) {
  out->cpu_ms = r.cpu_ms;
  out->wall_ms = r.wall_ms;
  out->memory_kib = r.memory_kib;
  out->exit_code = r.exit_code;
  out->signal = r.signal;
  out->output_bytes = r.output_bytes;
  out->run_status = r.status;
  out->kill_reason = r.kill_reason;
  out->time_method = r.time_method;
  out->memory_method = r.memory_method;
}

std::string OutputFileProblem(fs::OpenOutcome how, const std::string& name) {
  switch (how) {
    case fs::OpenOutcome::kMissing: return "no output file `" + name + "`";
    case fs::OpenOutcome::kSymlink: return "output file `" + name + "` is a symbolic link, not a file";
    default: return "output file `" + name + "` is not a regular file";
  }
}

// A test's run stopped by the wall clock while its CPU time was under cpu_limit_ms
// (the limit it ran with): no evidence of TLE, the host may have been busy.
bool TestWallStopUnderCpuLimit(const TestResult& r, int64_t cpu_limit_ms) {
  return r.verdict == Verdict::kTimeLimitExceeded &&
         WallStopUnderCpuLimit(r.run_status, r.kill_reason, r.cpu_ms, cpu_limit_ms);
}

// A test's run ended by a SIGKILL that no limit of the judge's sent (an interactive
// test's submission included; an interactor's WA before it ended stands).
bool TestKilledFromOutside(const TestResult& r) {
  return r.verdict == Verdict::kRuntimeError && KilledFromOutside(r.run_status, r.kill_reason, r.signal);
}

// "a", "pkg/Main.class": no empty, "." or ".." component, not absolute.
bool RelativeFilePath(const std::string& f) {
  if (f.empty() || f[0] == '/' || f.back() == '/') return false;
  std::size_t start = 0;
  while (start <= f.size()) {
    std::size_t end = f.find('/', start);
    if (end == std::string::npos) end = f.size();
    std::string part = f.substr(start, end - start);
    if (part.empty() || part == "." || part == "..") return false;
    start = end + 1;
  }
  return true;
}

// Makes the directories that f (a RelativeFilePath) needs below root.
Status MakeParentDirs(const std::string& root, const std::string& f) {
  auto slash = f.rfind('/');
  return slash == std::string::npos ? Status::Ok() : fs::MakeDirs(root + "/" + f.substr(0, slash));
}

// The verdict of an interactive test by the Kattis rules: a failed interactor is JE;
// an interactor that said WA before the submission ended wins over what the
// submission then did; else the submission's run; else the interactor's judgement.
void InteractiveVerdict(const InteractOutcome& io, TestResult* out) {
  if (!io.check.ok()) {
    out->verdict = Verdict::kJudgeError;
    out->message = io.check.status().message();
    return;
  }
  const CheckOutcome& c = *io.check;
  if (!(c.verdict == CheckVerdict::kWrongAnswer && io.interactor_first) && io.submission.status != RunStatus::kOk) {
    out->verdict = VerdictOfRun(io.submission.status);
    out->message = DescribeRun(io.submission);
    return;
  }
  out->verdict = VerdictOfCheck(c.verdict);
  out->score = c.reported_score.value_or(c.score);
  out->message = c.message;
}

}  // namespace

// A test: one pass, or (multi-pass) passes while the output validator accepts and
// writes nextpass.in, each pass under the test's limits; the test's time and memory
// are the largest of a pass.
Result<TestResult> TestRunner::JudgeTest(const TestCase& test, int64_t cpu_limit_ms, Lane& lane) {
  if (!req_.problem->multi_pass) return JudgePass(test, cpu_limit_ms, lane);
  const int passes = req_.problem->tool_limits.validation_passes;
  TestCase pass = test;
  int64_t cpu_ms = 0, wall_ms = 0, memory_kib = 0;
  for (int p = 1;; ++p) {
    lane.pass = p;
    JUDGE_ASSIGN_OR_RETURN(TestResult r, JudgePass(pass, cpu_limit_ms, lane));
    cpu_ms = std::max(cpu_ms, r.cpu_ms), wall_ms = std::max(wall_ms, r.wall_ms);
    memory_kib = std::max(memory_kib, r.memory_kib);
    r.cpu_ms = cpu_ms, r.wall_ms = wall_ms, r.memory_kib = memory_kib;
    std::string next = std::move(lane.next_pass);
    lane.next_pass.clear();
    if (r.verdict != Verdict::kAccepted || next.empty()) {
      if (p > 1) r.message = "pass " + std::to_string(p) + (r.message.empty() ? "" : ": " + r.message);
      return r;
    }
    if (p >= passes) {
      r.verdict = Verdict::kJudgeError;
      r.message = "the output validator asked for pass " + std::to_string(p + 1) +
                  ", more than limits.validation_passes (" + std::to_string(passes) + ")";
      return r;
    }
    pass.input_path = next;
  }
}

Result<TestResult> TestRunner::JudgePass(const TestCase& test, int64_t cpu_limit_ms, Lane& lane) {
  TestResult out;
  out.name = test.name;
  out.group = test.group;
  out.cpu_limit_ms = cpu_limit_ms;
  const ProblemLimits& limits = req_.problem->limits;
  JUDGE_RETURN_IF_ERROR(RunAttempts(test, &out, lane));
  if (!req_.checker->interactive()) {
    if (out.verdict == Verdict::kTimeLimitExceeded && cpu_limit_ms < limits.time_ms &&
        out.kill_reason == KillReason::kCpuTime)
      out.message = "total time limit of " + std::to_string(*limits.total_time_ms) + " ms exceeded (" +
                    std::to_string(cpu_limit_ms) + " ms were left)";
    if (out.run_status == RunStatus::kOk) {
      // The sandbox's note on a run that ended well (a fork denied at the process
      // limit) stays beside the checker's message.
      const std::string run_note = std::move(out.message);
      out.message.clear();
      JUDGE_RETURN_IF_ERROR(CheckRun(test, &out, lane));
      AppendNote(run_note, &out.message);
    }
  }
  ApplyRealLimit(&out);
  if (out.verdict != Verdict::kAccepted) out.stderr_tail = fs::ReadTail(lane.stderr_path, kStderrTailBytes);
  return out;
}

// The run, or the interaction, by the wall-clock rule (wall_clock_retry.h): once; then,
// while the wall clock stopped it with its CPU time under the limit or a SIGKILL that
// no limit of the judge's sent ended it, again after a pause and alone (no other test
// of the submission running), at most kWallRetries more times. A program that sleeps
// or waits for input is stopped by the wall clock every time: TLE by the wall clock. A
// program that kills itself ends so every time: RE, as on a quiet host. The record
// says which clock decided a TLE, the attempts and the host's load.
Status TestRunner::RunAttempts(const TestCase& test, TestResult* out, Lane& lane) {
  const int64_t cpu_limit_ms = RunCpuLimitMs(out->cpu_limit_ms);
  const TestResult blank = *out;
  auto attempt = [&](int, bool alone) -> Result<AttemptEnd> {
    *out = blank;
    JUDGE_RETURN_IF_ERROR(req_.checker->interactive() ? Interact(test, out, lane, alone)
                                                       : RunProgram(test, out, lane, alone));
    if (TestWallStopUnderCpuLimit(*out, cpu_limit_ms)) return AttemptEnd{WallStop{out->wall_ms, out->cpu_ms}};
    return AttemptEnd{std::nullopt, TestKilledFromOutside(*out)};
  };
  JUDGE_ASSIGN_OR_RETURN(WallAttempts made,
                         RunWithWallRetries(attempt, lane.cancel, "grading cancelled during test " + test.name));
  out->attempts = made.attempts;
  out->host_load = HostLoadOneMinute();
  if (made.wall_decided) {
    out->time_clock = "wall";
    out->message += "; " + WallDecidedText(made, cpu_limit_ms, out->host_load);
    return Status::Ok();
  }
  if (made.killed_decided) {
    // The same ending on every attempt: the program's, whoever sent the signal.
    AppendNote(KilledDecidedText(made) + ": judged as the program's own; " + LoadText(out->host_load),
               &out->message);
    return Status::Ok();
  }
  if (out->verdict == Verdict::kTimeLimitExceeded) {
    out->time_clock = "cpu";
    AppendNote("the CPU clock decided" +
                   (made.attempts == 1 ? std::string() : " on attempt " + std::to_string(out->attempts)) + "; " +
                   LoadText(out->host_load),
               &out->message);
  }
  if (made.attempts > 1) AppendNote(RetriedText("judged", made, out->host_load), &out->message);
  return Status::Ok();
}

// The CPU limit a run gets: the test's, times verify's margin factor.
int64_t TestRunner::RunCpuLimitMs(int64_t cpu_limit_ms) const {
  return static_cast<int64_t>(static_cast<double>(cpu_limit_ms) * std::max(1.0, opt_.limit_factor));
}

// With verify's margins the run had more time than the limit: judge it by the limit.
// Only CPU time counts: the wall clock is a safety net, and a run that it stopped was
// judged by RunAttempts.
void TestRunner::ApplyRealLimit(TestResult* out) const {
  out->margin_verdict = out->verdict;
  if (opt_.limit_factor <= 1.0 || out->cpu_ms <= out->cpu_limit_ms || out->verdict == Verdict::kTimeLimitExceeded)
    return;
  // The Kattis rule: an interactor's wrong answer before the end stands.
  if (out->verdict == Verdict::kWrongAnswer && out->interactor_first) return;
  out->verdict = Verdict::kTimeLimitExceeded;
  out->time_clock = "cpu";
  out->message = "time limit of " + std::to_string(out->cpu_limit_ms) + " ms exceeded (" +
                 std::to_string(out->cpu_ms) + " ms CPU, " + std::to_string(out->wall_ms) + " ms wall; " +
                 std::string(VerdictCode(out->margin_verdict)) + " with the margin); the CPU clock decided";
}

// The output (or the missing output file's WA), then the checker.
Status TestRunner::CheckRun(const TestCase& test, TestResult* out, Lane& lane) {
  std::optional<std::string> output;
  JUDGE_ASSIGN_OR_RETURN(output, ReadOutput(out, lane));
  if (!output) return Status::Ok();  // no usable output file: WA already
  out->output_sha256 = Sha256Hex(*output);
  if (opt_.keep_output_bytes > 0)
    lane.last_output = output->substr(0, static_cast<std::size_t>(opt_.keep_output_bytes));
  CheckOutput(test, *output, out, lane);
  if (out->verdict == Verdict::kJudgeError && lane.Cancelled()) return Status::Cancelled("grading cancelled");
  return Status::Ok();
}

// Copies the program's files into scratch/program once: run directories get hard
// links to these copies, so nothing a run does can touch the compile cache.
Status TestRunner::PrepareProgram() {
  const Program& program = *req_.program;
  program_dir_ = opt_.scratch_dir + "/program";
  JUDGE_RETURN_IF_ERROR(fs::RemoveTree(program_dir_));
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(program_dir_));
  for (const auto& f : program.files) {
    if (!RelativeFilePath(f)) return Status::Internal("program file name \"" + f + "\" is not a relative path");
    JUDGE_RETURN_IF_ERROR(MakeParentDirs(program_dir_, f));
    // Read-only for the run's uid; runs get hard links to these copies. Written from
    // a child process: with several judgings in one process (grade --jobs, the
    // service's workers) a write descriptor here could leak into another thread's
    // fork and make exec fail with "Text file busy".
    JUDGE_RETURN_IF_ERROR(fs::CopyExecutable(program.dir + "/" + f, program_dir_ + "/" + f, 0555));
  }
  program_inodes_.clear();
  for (const auto& f : program.files) {
    struct stat st;
    if (f.find('/') != std::string::npos || ::lstat((program_dir_ + "/" + f).c_str(), &st) != 0) {
      program_inodes_.clear();
      break;
    }
    program_inodes_[f] = st.st_ino;
  }
  const ProblemLimits& limits = req_.problem->limits;
  argv_ = ExpandCommand(program.argv,
                        {{"memory_mib", std::to_string(std::max<int64_t>(1, limits.memory_kib / 1024))}});
  if (argv_.empty()) return Status::Internal("the program has no run command");
  return Status::Ok();
}

// A fresh run directory with the program (and, in file I/O mode, the input): the
// last test's when nothing changed it (RunDirUnchanged), else made again.
Status TestRunner::PrepareRunDir(const TestCase& test, Lane& lane) const {
  const std::string& run_dir = lane.run_dir;
  lane.run_dir_kept = RunDirUnchanged(lane);
  if (lane.run_dir_kept) return Status::Ok();
  lane.run_dir_made = {};
  JUDGE_RETURN_IF_ERROR(fs::RemoveTree(run_dir));
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(run_dir));
  for (const auto& f : req_.program->files) {
    JUDGE_RETURN_IF_ERROR(MakeParentDirs(run_dir, f));
    JUDGE_RETURN_IF_ERROR(fs::LinkOrCopy(program_dir_ + "/" + f, run_dir + "/" + f));
  }
  if (req_.problem->io_mode == IoMode::kFile)
    return fs::CopyFile(test.input_path, run_dir + "/" + req_.problem->input_file, 0644);
  // Only a directory that holds the program alone can serve the next test as it is.
  if (!program_inodes_.empty() && ::lstat(run_dir.c_str(), &lane.run_dir_made) != 0) lane.run_dir_made = {};
  return Status::Ok();
}

// Whether the run directory is still exactly as PrepareRunDir made it: the same
// directory (device, inode), owner, mode, change time and link count (no
// subdirectory), holding the program's files and nothing else, each the hard link
// made then. A run writes it only through the overlay (copying back nothing but a
// file I/O output, and file I/O never keeps the directory) or, without overlayfs, as
// its owner: the sandbox hands it to the run's uid, so the owner differs and it is
// made again. Then removing it and linking the same inodes again would give the
// same directory: the syscalls are saved, not a check.
bool TestRunner::RunDirUnchanged(const Lane& lane) const {
  const struct stat& made = lane.run_dir_made;
  if (made.st_dev == 0 || program_inodes_.empty()) return false;
  UniqueFd dir(::open(lane.run_dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  struct stat now;
  if (!dir || ::fstat(dir.get(), &now) != 0) return false;
  if (now.st_dev != made.st_dev || now.st_ino != made.st_ino || now.st_uid != made.st_uid ||
      now.st_gid != made.st_gid || now.st_mode != made.st_mode || now.st_nlink != 2 ||
      now.st_ctim.tv_sec != made.st_ctim.tv_sec || now.st_ctim.tv_nsec != made.st_ctim.tv_nsec)
    return false;
  Result<std::vector<std::string>> names = fs::DirNamesAt(dir.get(), lane.run_dir);
  if (!names.ok() || names->size() != program_inodes_.size()) return false;
  for (const std::string& name : *names) {
    auto it = program_inodes_.find(name);
    struct stat st;
    if (it == program_inodes_.end() || ::fstatat(dir.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
        st.st_ino != it->second || st.st_dev != now.st_dev || !S_ISREG(st.st_mode))
      return false;
  }
  return true;
}

RunSpec TestRunner::MakeSpec(const TestCase& test, int64_t cpu_limit_ms, const Lane& lane) const {
  const ProblemLimits& limits = req_.problem->limits;
  const double f = std::max(1.0, opt_.limit_factor);
  RunSpec spec;
  spec.argv = argv_;
  spec.work_dir = lane.run_dir;
  spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + lane.run_dir, "ONLINE_JUDGE=1"};
  // stdout is kept apart from the answer in file mode too, and counted.
  spec.stdout_path = lane.stdout_path;
  spec.stderr_path = lane.stderr_path;  // its tail explains a failed test
  if (req_.problem->io_mode != IoMode::kFile) spec.stdin_path = test.input_path;
  // Of what the program writes in its directory, only the output file is read
  // (ReadOutput): nothing else comes back into the scratch directory.
  spec.copy_back_only.emplace();
  if (req_.problem->io_mode == IoMode::kFile) spec.copy_back_only->push_back(req_.problem->output_file);
  spec.limits.cpu_time_ms = RunCpuLimitMs(cpu_limit_ms);
  spec.limits.wall_time_ms =
      static_cast<int64_t>(static_cast<double>(std::max(EffectiveWallMs(limits), cpu_limit_ms)) * f);
  spec.limits.memory_kib = MemoryLimitKib();
  spec.limits.reserved_memory_counts = req_.program->reserved_memory_counts;
  spec.limits.output_kib = limits.output_kib;
  spec.limits.output_truncates = req_.output_truncates;
  spec.limits.max_processes = std::max<int32_t>(1, req_.program->max_processes);
  spec.cancel = lane.cancel;
  return spec;
}

// Limits set on a 32-bit judge allow what a 64-bit build needs more to every language.
bool TestRunner::ThirtyTwoBitAllowanceApplies() const {
  return req_.problem->limits.set_on_32_bit && req_.program->memory_allowance_percent < kThirtyTwoBitAllowancePercent;
}

int64_t TestRunner::AllowancePercent() const {
  return ThirtyTwoBitAllowanceApplies() ? kThirtyTwoBitAllowancePercent : req_.program->memory_allowance_percent;
}

// The problem's memory limit plus the allowance.
int64_t TestRunner::MemoryLimitKib() const {
  return req_.problem->limits.memory_kib * (100 + AllowancePercent()) / 100;
}

// What was measured, and against which limit: the sandbox's own message may name
// only the limit (a killed run), and an allowance must be visible.
std::string TestRunner::MemoryMessage(const RunResult& run) const {
  std::string m = DescribeRun(run) + "; measured peak " + std::to_string(run.memory_kib) + " KiB (" +
                  (run.memory_method.empty() ? "resident memory" : run.memory_method) + ")";
  if (AllowancePercent() > 0)
    m += "; limit " + std::to_string(MemoryLimitKib()) + " KiB is the problem's " +
         std::to_string(req_.problem->limits.memory_kib) + " KiB + " + std::to_string(AllowancePercent()) +
         (ThirtyTwoBitAllowanceApplies() ? "% because its limits were set on a 32-bit judge"
                                         : "% allowed to language " + req_.program->language_id);
  return m;
}

Status TestRunner::RunProgram(const TestCase& test, TestResult* out, Lane& lane, bool alone) {
  JUDGE_RETURN_IF_ERROR(PrepareRunDir(test, lane));
  if (!lane.session) lane.session = req_.sandbox->OpenSession();
  Result<RunResult> ran = [&] {
    RunGate::Hold hold(gate_, alone);
    return lane.session->Run(MakeSpec(test, out->cpu_limit_ms, lane));
  }();
  if (!ran.ok()) return ran.status().WithContext("running test " + test.name);
  CopyRun(*ran, out);
  if (ran->status != RunStatus::kOk) {
    out->verdict = VerdictOfRun(ran->status);
    out->message = ran->status == RunStatus::kMemoryLimitExceeded ? MemoryMessage(*ran) : DescribeRun(*ran);
  } else {
    out->message = ran->message;
  }
  return Status::Ok();
}

// Interactive: the checker runs the submission with its interactor.
Status TestRunner::Interact(const TestCase& test, TestResult* out, Lane& lane, bool alone) {
  JUDGE_RETURN_IF_ERROR(PrepareRunDir(test, lane));
  InteractRequest q;
  q.test = &test;
  q.flags = &Flags(test, lane);
  q.submission = MakeSpec(test, out->cpu_limit_ms, lane);
  q.sandbox = req_.sandbox;
  q.scratch_dir = lane.check_dir;
  q.cancel = lane.cancel;
  q.pass = lane.pass;
  Result<InteractOutcome> io = [&] {
    RunGate::Hold hold(gate_, alone);
    return req_.checker->Interact(q);
  }();
  if (!io.ok()) return io.status().WithContext("running test " + test.name);
  CopyRun(io->submission, out);
  out->interactor_first = io->interactor_first;
  InteractiveVerdict(*io, out);
  if (io->submission.status == RunStatus::kOk) AppendNote(io->submission.message, &out->message);
  out->score_reported = io->check.ok() && io->check->reported_score.has_value();
  if (io->check.ok() && out->verdict == Verdict::kAccepted) lane.next_pass = io->check->next_pass_input;
  if (out->verdict == Verdict::kJudgeError && lane.Cancelled()) return Status::Cancelled("grading cancelled");
  return Status::Ok();
}

// problem.yaml's validator_flags, then the test group's output_validator_flags.
const std::vector<std::string>& TestRunner::Flags(const TestCase& test, Lane& lane) const {
  std::vector<std::string>& flags = lane.flags;
  flags = req_.problem->validator_flags;
  if (req_.groups && test.group_index >= 0 && test.group_index < static_cast<int>(req_.groups->size())) {
    const auto& g = (*req_.groups)[static_cast<std::size_t>(test.group_index)].output_validator_flags;
    flags.insert(flags.end(), g.begin(), g.end());
  }
  return flags;
}

// The output, at most the output limit (the sandbox enforced it already). nullopt
// when file I/O left no usable output file: *out is WA then.
Result<std::optional<std::string>> TestRunner::ReadOutput(TestResult* out, Lane& lane) const {
  const ProblemConfig& problem = *req_.problem;
  int64_t max_bytes = problem.limits.output_kib * 1024 + 1;
  bool file_io = problem.io_mode == IoMode::kFile;
  std::string& output_path = lane.output_path;
  output_path = file_io ? lane.run_dir + "/" + problem.output_file : lane.stdout_path;
  fs::OpenOutcome how = fs::OpenOutcome::kRead;
  JUDGE_ASSIGN_OR_RETURN(std::string output, fs::ReadNoFollow(output_path, max_bytes, &how));
  if (how == fs::OpenOutcome::kRead) {
    if (file_io) {
      // The checker reads a copy the run cannot change any more.
      output_path = lane.check_dir + "/output_file";
      JUDGE_RETURN_IF_ERROR(fs::WriteFile(output_path, output));
    }
    return std::optional<std::string>(std::move(output));
  }
  if (!file_io) {  // the sandbox made none: empty
    output_path = lane.check_dir + "/output_file";
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(output_path, ""));
    return std::optional<std::string>(std::string());
  }
  out->verdict = Verdict::kWrongAnswer;
  out->message = OutputFileProblem(how, problem.output_file);
  return std::optional<std::string>();
}

// Jury data problems and checker failures are the package's fault: JE, never WA.
void TestRunner::CheckOutput(const TestCase& test, const std::string& output, TestResult* out, Lane& lane) {
  out->verdict = Verdict::kJudgeError;
  Result<std::string> input = fs::ReadFile(test.input_path);
  if (!input.ok()) return void(out->message = input.status().message());
  std::string answer;
  if (!test.answer_path.empty()) {
    Result<std::string> a = fs::ReadFile(test.answer_path);
    if (!a.ok()) return void(out->message = a.status().message());
    answer = std::move(a).value();
  } else if (req_.checker->needs_answer_file()) {
    out->message = "test " + test.name + " has no .ans file for the " + req_.checker->Describe() + " checker";
    return;
  }
  CheckRequest q;
  q.test = &test;
  q.flags = &Flags(test, lane);
  q.input = *input;
  q.output = output;
  q.answer = answer;
  q.output_path = lane.output_path;
  q.sandbox = req_.sandbox;
  q.scratch_dir = lane.check_dir;
  q.cancel = lane.cancel;
  q.pass = lane.pass;
  // Checkers that do not say they may run concurrently are called one at a time.
  std::unique_lock<std::mutex> one_at_a_time(checker_mu_, std::defer_lock);
  if (!req_.checker->concurrent()) one_at_a_time.lock();
  Result<CheckOutcome> checked = req_.checker->CheckTest(q);
  if (one_at_a_time.owns_lock()) one_at_a_time.unlock();
  if (!checked.ok()) return void(out->message = checked.status().message());
  out->verdict = VerdictOfCheck(checked->verdict);
  out->score = checked->reported_score.value_or(checked->score);
  out->score_reported = checked->reported_score.has_value();
  out->message = checked->message;
  lane.next_pass = checked->next_pass_input;
  if (checked->verdict == CheckVerdict::kPartial) {
    out->partial = true;
    char buf[64];
    std::snprintf(buf, sizeof buf, "partial score %.4g", out->score);
    out->message = out->message.empty() ? std::string(buf) : std::string(buf) + ": " + out->message;
  }
}

}  // namespace judge
