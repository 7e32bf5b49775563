// Compilation in the sandbox, with a cache (see judge/grading/compiler.h).
#include "judge/grading/compiler.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <sstream>

#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "compile_cache.h"
#include "compile_cache_bound.h"
#include "support_files.h"
#include "wall_clock_retry.h"
#include "judge/grading/java_class.h"

namespace judge {
namespace {

constexpr const char* kBinaryName = "main";

std::string Cap(std::string text, int64_t max_kib) {
  std::size_t max = static_cast<std::size_t>(max_kib) * 1024;
  if (text.size() <= max) return text;
  text.resize(max);
  text += "\n[compiler log truncated at " + std::to_string(max_kib) + " KiB]\n";
  return text;
}

std::string CompileFailureMessage(const RunResult& r, const CompileLimits& limits) {
  switch (r.status) {
    case RunStatus::kTimeLimitExceeded:
      if (r.kill_reason == KillReason::kWallTime)
        return "the compiler exceeded its wall time limit of " + std::to_string(limits.wall_time_ms) + " ms";
      return "the compiler exceeded its CPU time limit of " + std::to_string(limits.cpu_time_ms) +
             " ms; the CPU clock decided";
    case RunStatus::kMemoryLimitExceeded:
      return "the compiler exceeded its memory limit of " + std::to_string(limits.memory_kib) + " KiB";
    case RunStatus::kOutputLimitExceeded:
      return "the compiler's output exceeded its limit of " + std::to_string(limits.output_kib) + " KiB";
    case RunStatus::kRuntimeError:
      if (r.kill_reason == KillReason::kProcesses) return "the compiler exceeded its process limit";
      if (r.signal > 0) return "the compiler was killed by signal " + std::to_string(r.signal);
      return "the compiler failed with exit code " + std::to_string(r.exit_code);
    case RunStatus::kOk: break;
  }
  return "";
}

// Says on the outcome what the wall clock did: which clock decided a CE of the time
// limit and the host's load, and when the compile ran again after wall-clock stops or
// outside kills, that it did: in the log (a stopped or killed compiler may have printed
// nothing), and in the message of a CE.
void NoteRetries(const WallAttempts& made, int64_t cpu_limit_ms, CompileOutcome* outcome) {
  if (made.attempts <= 1) return;
  const double load = HostLoadOneMinute();
  const std::string note =
      made.wall_decided ? WallDecidedText(made, cpu_limit_ms, load) : RetriedText("compiled", made, load);
  outcome->log += "judge: " + note + "\n";
  if (!outcome->ok) outcome->message += "; " + note;
}

// text with every occurrence of from replaced by to.
std::string ReplaceAll(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The compiler's stdout and stderr, capped. Paths in the compile directory are named
// relative to it, as the submission's files are: the judge's scratch path (which
// holds its pid) stays inside the judge.
std::string ReadLog(const RunSpec& spec, int64_t log_kib) {
  std::string log;
  fs::OpenOutcome how;
  int64_t log_max = log_kib * 1024 + 1;
  if (auto out = fs::ReadNoFollow(spec.stdout_path, log_max, &how); out.ok()) log += *out;
  if (auto err = fs::ReadNoFollow(spec.stderr_path, log_max, &how); err.ok()) log += *err;
  log = ReplaceAll(ReplaceAll(std::move(log), spec.work_dir + "/", ""), spec.work_dir, ".");
  return Cap(std::move(log), log_kib);
}

// A file name the compiler would have to write that no file system takes (more than
// 255 bytes: a Java public class of 300 characters, whose source must be named after
// it, and so must its .class file): the submission's fault, a compile error. Empty
// when the name is fine.
std::string FileNameTooLong(const std::string& name, bool class_file) {
  constexpr std::size_t kMaxFileNameBytes = 255;
  const std::string longest = class_file ? name.substr(0, name.rfind('.')) + ".class" : name;
  if (longest.size() <= kMaxFileNameBytes) return "";
  return "the file name " + longest.substr(0, 40) + "... is " + std::to_string(longest.size()) +
         " bytes long; a file name may have at most " + std::to_string(kMaxFileNameBytes) +
         (class_file ? " bytes (Java names the source and class files after the public class)" : " bytes");
}

bool UsesPlaceholder(const std::vector<std::string>& command, const std::string& placeholder) {
  for (const auto& word : command)
    if (word.find(placeholder) != std::string::npos) return true;
  return false;
}

// Sets *outcome's program (run_source is what "{source}" names in the run command: the
// entry of a multi-file program), or makes it a compile error when the run command
// needs a main class that the compiled classes do not give (the submission's fault). A
// non-OK Status is the judge's failure.
Status SetProgram(const LanguageProfile& profile, const std::string& dir, std::vector<std::string> files,
                  const std::string& run_source, CompileOutcome* outcome) {
  std::map<std::string, std::string> values = {{"source", run_source}, {"binary", kBinaryName}};
  if (UsesPlaceholder(profile.run, "{main_class}")) {
    std::string stem = run_source.substr(0, run_source.rfind('.'));
    JUDGE_ASSIGN_OR_RETURN(JavaMainClass main, FindJavaMainClass(dir, files, stem));
    if (!main.refusal.empty()) {
      outcome->ok = false;
      outcome->message = main.refusal;
      return Status::Ok();
    }
    values["main_class"] = main.name;
  }
  Program& p = outcome->program;
  p.language_id = profile.id;
  p.dir = dir;
  p.files = std::move(files);
  p.argv = ExpandCommand(profile.run, values);
  p.max_processes = profile.run_processes;
  p.memory_allowance_percent = profile.memory_allowance_percent;
  p.reserved_memory_counts = profile.reserved_memory_counts;
  return Status::Ok();
}

// Regular files under dir, as paths relative to it ("a/b/Main.class"), sorted.
Result<std::vector<std::string>> ListTree(const std::string& dir, const std::string& prefix = "") {
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> out, fs::ListFiles(dir));
  for (auto& f : out) f = prefix + f;
  JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> subdirs, fs::ListDirs(dir));
  for (const auto& d : subdirs) {
    JUDGE_ASSIGN_OR_RETURN(std::vector<std::string> below, ListTree(dir + "/" + d, prefix + d + "/"));
    out.insert(out.end(), below.begin(), below.end());
  }
  return out;
}

// The profile with its source name made concrete for this source ({public_class}).
LanguageProfile ForSource(const LanguageProfile& profile, std::string_view source) {
  LanguageProfile p = profile;
  if (p.source_name.find("{public_class}") != std::string::npos) {
    std::string cls = JavaPublicClass(source);
    p.source_name = ExpandCommand({p.source_name}, {{"public_class", cls.empty() ? "Main" : cls}})[0];
  }
  return p;
}

}  // namespace

std::string CompileCacheKey(const std::string& source, const LanguageProfile& profile,
                            const std::string& toolchain_version) {
  std::string material = "judge-compile-cache-v1";
  auto add = [&](const std::string& s) {
    material += std::to_string(s.size());
    material += ':';
    material += s;
  };
  add(profile.id);
  add(profile.source_name);
  for (const auto& a : profile.compile) add(a);
  add("|run");
  for (const auto& a : profile.run) add(a);
  add("|artifacts");
  for (const auto& a : profile.artifacts) add(a);
  add(toolchain_version);
  add(Sha256Hex(source));
  return Sha256Hex(material);
}

Compiler::Compiler(Sandbox* sandbox, CompilerOptions options)
    : sandbox_(sandbox), options_(std::move(options)) {}

// Nothing to compile: the source itself is the program (a binary gets exec rights).
Result<CompileOutcome> Compiler::Prepare(std::string_view source, const LanguageProfile& profile,
                                         const std::string& dir) {
  CompileOutcome outcome;
  JUDGE_RETURN_IF_ERROR(fs::WriteFile(dir + "/" + profile.source_name, source, 0755));
  outcome.ok = true;
  JUDGE_RETURN_IF_ERROR(SetProgram(profile, dir, {profile.source_name}, profile.source_name, &outcome));
  return outcome;
}

std::optional<CompileOutcome> Compiler::FromCache(const LanguageProfile& profile, const std::string& key,
                                                  const Plan& plan, const std::string& dir) const {
  if (options_.cache_dir.empty()) return std::nullopt;
  std::string entry = options_.cache_dir + "/" + key;
  std::optional<CacheEntry> e = ReadCacheEntry(entry);
  if (!e) return std::nullopt;
  CompileOutcome outcome;
  outcome.ok = e->kind == CacheKind::kOk;
  outcome.message = e->message;
  outcome.log = e->log;
  outcome.from_cache = true;
  outcome.rejected = e->kind == CacheKind::kRefused;
  if (outcome.ok) {
    // The program is used from dir, never from the entry, which may be evicted now.
    if (!LinkProgramFiles(entry + "/files", e->files, dir).ok()) return std::nullopt;
    if (!SetProgram(profile, dir, e->files, plan.run_source, &outcome).ok()) return std::nullopt;
  }
  TouchCacheEntry(entry);
  return outcome;
}

Result<RunSpec> Compiler::CompileSpec(const LanguageProfile& profile, const std::string& work_dir,
                                      const Plan& plan) const {
  const std::string dir = work_dir + "/compile";
  RunSpec spec;
  // "{source}" alone is every file compiled; inside a longer argument, the entry.
  for (const auto& arg : profile.compile) {
    if (arg == "{source}") {
      spec.argv.insert(spec.argv.end(), plan.compile_sources.begin(), plan.compile_sources.end());
    } else {
      spec.argv.push_back(ExpandCommand({arg}, {{"source", plan.run_source}, {"binary", kBinaryName}})[0]);
    }
  }
  if (spec.argv.empty()) return Status::Internal("language " + profile.id + ": empty compile command");
  if (spec.argv[0].find('/') == std::string::npos) {
    auto exe = FindExecutable(spec.argv[0]);
    if (!exe)
      return Status::Unsupported("language " + profile.id + ": compiler " + spec.argv[0] + " not found in PATH");
    spec.argv[0] = *exe;
  }
  spec.work_dir = dir;
  for (const auto& d : profile.compile_dirs) spec.mounts.push_back(SandboxMount{d, "", false});
  spec.stdout_path = work_dir + "/compile.stdout";
  spec.stderr_path = work_dir + "/compile.stderr";
  spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "HOME=" + dir, "TMPDIR=" + dir};
  const CompileLimits& lim = options_.limits;
  spec.limits.cpu_time_ms = lim.cpu_time_ms;
  spec.limits.wall_time_ms = lim.wall_time_ms;
  spec.limits.memory_kib = lim.memory_kib;
  spec.limits.output_kib = lim.output_kib;
  spec.limits.max_processes = lim.max_processes;
  spec.limits.max_open_files = 256;
  // Below the tests' priority: a compile never starves another submission's tests,
  // whose times are measured (docs/grading.md, "Compilation").
  spec.nice = kCompileNice;
  spec.cancel = options_.cancel;
  return spec;
}

// The files the run needs, or the reason the compiler's work is unusable.
Result<std::vector<std::string>> Compiler::Artifacts(const LanguageProfile& profile, const std::string& dir,
                                                     const Plan& plan, std::string* missing) const {
  std::vector<std::string> wanted;
  for (const auto& a : profile.artifacts) {
    if (a == "*") {
      JUDGE_ASSIGN_OR_RETURN(wanted, ListTree(dir));
      break;
    }
    wanted.push_back(ExpandCommand({a}, {{"source", plan.run_source}, {"binary", kBinaryName}})[0]);
  }
  if (profile.artifacts.empty()) wanted = {kBinaryName};
  bool all = !profile.artifacts.empty() && profile.artifacts[0] == "*";
  for (const auto& f : plan.extra_artifacts)
    if (!all && std::find(wanted.begin(), wanted.end(), f) == wanted.end()) wanted.push_back(f);
  for (const auto& f : wanted) {
    if (f.empty() || f[0] == '/' || !fs::Exists(dir + "/" + f)) {
      *missing = "the compiler exited normally but left no `" + f + "`";
      return std::vector<std::string>();
    }
  }
  return wanted;
}

Result<CompileOutcome> Compiler::Compile(std::string_view source, const LanguageProfile& given,
                                         const std::string& work_dir) {
  if (source.empty()) return Status::InvalidArgument("the submission is empty");
  const LanguageProfile profile = ForSource(given, source);
  const bool class_file = given.source_name.find("{public_class}") != std::string::npos;
  if (std::string why = FileNameTooLong(profile.source_name, class_file); !why.empty()) {
    CompileOutcome ce;
    ce.message = why;
    ce.log = "judge: " + why + "\n";  // what a reader of the log sees
    return ce;
  }
  const std::string dir = work_dir + "/compile";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir));
  if (profile.compile.empty()) return Prepare(source, profile, dir);
  // The profile's support files first: a submission's file of the same name wins.
  JUDGE_ASSIGN_OR_RETURN(std::vector<SourceFile> files, ReadSupportFiles(profile));
  const std::string key =
      CompileCacheKey(std::string(source), profile, ToolchainVersion(profile) + SupportFilesDigest(files));
  Plan plan{{profile.source_name}, profile.source_name, {}};
  files.push_back(SourceFile{profile.source_name, std::string(source), false});
  return Build(files, profile, work_dir, key, plan);
}

namespace {

std::string Extension(const std::string& name) {
  std::size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? "" : name.substr(dot);
}

// "a.cpp" or "pkg/Util.java" (the package's include/ files may sit in folders): no
// empty, "." or ".." part, not absolute, so that it stays inside the compile folder.
bool RelativeName(const std::string& name) {
  if (name.empty() || name.size() > 1024 || name.find('\0') != std::string::npos) return false;
  std::size_t start = 0;
  for (;;) {
    std::size_t slash = name.find('/', start);
    std::string part = name.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
    if (part.empty() || part == "." || part == "..") return false;
    if (slash == std::string::npos) return true;
    start = slash + 1;
  }
}

// Writes the files below dir, making the folders their names need. The compiler runs
// as the sandbox's user and writes its output beside the sources (javac -d . puts
// pkg/Util.class in pkg/): those folders are writable to it (they lie in the judge's
// private scratch, and the run sees them through its own overlay).
Status WriteSources(const std::vector<SourceFile>& files, const std::string& dir) {
  for (const auto& f : files) {
    for (std::size_t slash = f.name.find('/'); slash != std::string::npos; slash = f.name.find('/', slash + 1)) {
      const std::string sub = dir + "/" + f.name.substr(0, slash);
      JUDGE_RETURN_IF_ERROR(fs::MakeDirs(sub));
      if (::chmod(sub.c_str(), 0777) != 0) return ErrnoStatus(errno, "chmod " + sub);
    }
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(dir + "/" + f.name, f.bytes, f.executable ? 0755 : 0644));
  }
  return Status::Ok();
}

bool NamesSource(const std::vector<std::string>& command) {
  for (const auto& a : command)
    if (a.find("{source}") != std::string::npos) return true;
  return false;
}

// The files the profile compiles, and which of them is the entry ("" when none).
std::vector<std::string> CompiledFiles(const std::vector<SourceFile>& files, const LanguageProfile& profile) {
  std::vector<std::string> exts = profile.extensions;
  exts.push_back(Extension(profile.source_name));
  std::vector<std::string> out;
  for (const auto& f : files)
    if (std::find(exts.begin(), exts.end(), Extension(f.name)) != exts.end()) out.push_back(f.name);
  std::sort(out.begin(), out.end());
  return out;
}

std::string EntryFile(const std::vector<std::string>& compiled, const LanguageProfile& profile) {
  auto has = [&](const std::string& n) { return std::find(compiled.begin(), compiled.end(), n) != compiled.end(); };
  if (has(profile.source_name)) return profile.source_name;
  if (has("__main__.py")) return "__main__.py";
  if (compiled.size() == 1 || (!compiled.empty() && !NamesSource(profile.run))) return compiled.front();
  return "";
}

}  // namespace

Result<CompileOutcome> Compiler::Compile(const std::vector<SourceFile>& files, const LanguageProfile& profile,
                                         const std::string& work_dir) {
  if (files.empty()) return Status::InvalidArgument("the submission has no files");
  // v2: files may sit in folders (include/<language>/ subfolders), written so that the
  // compiler can write beside them; a v1 result (a CE of such a layout) is not reused.
  std::string material = "judge-compile-cache-files-v2";
  for (const auto& f : files) {
    if (!RelativeName(f.name))
      return Status::InvalidArgument("source file name \"" + f.name + "\" is not a relative path of plain names");
    if (std::string why = FileNameTooLong(f.name.substr(f.name.rfind('/') + 1), false); !why.empty()) {
      CompileOutcome ce;
      ce.message = why;
      ce.log = "judge: " + why + "\n";
      return ce;
    }
    material += f.name + '\0' + (f.executable ? "x" : "-") + Sha256Hex(f.bytes) + '\0';
  }
  const std::string dir = work_dir + "/compile";
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir));
  std::vector<std::string> compiled = CompiledFiles(files, profile);
  Plan plan;
  plan.run_source = EntryFile(compiled, profile);
  for (const auto& f : files) plan.extra_artifacts.push_back(f.name);
  if (plan.run_source.empty() && (NamesSource(profile.run) || NamesSource(profile.compile))) {
    CompileOutcome ce;
    ce.rejected = true;
    ce.message = compiled.empty() ? "no file of the folder is " + profile.name + " source"
                                  : "cannot tell which file is the entry point: name it " + profile.source_name;
    return ce;
  }
  plan.compile_sources.push_back(plan.run_source);
  for (const auto& c : compiled)
    if (c != plan.run_source) plan.compile_sources.push_back(c);
  if (profile.compile.empty()) {
    // Nothing to build: the files are the program (e.g. a `run` script).
    JUDGE_RETURN_IF_ERROR(WriteSources(files, dir));
    CompileOutcome outcome;
    outcome.ok = true;
    JUDGE_RETURN_IF_ERROR(SetProgram(profile, dir, plan.extra_artifacts, plan.run_source, &outcome));
    return outcome;
  }
  // The profile's support files first (not artifacts: the run never needs them).
  JUDGE_ASSIGN_OR_RETURN(std::vector<SourceFile> all, ReadSupportFiles(profile));
  const std::string key = CompileCacheKey(material, profile, ToolchainVersion(profile) + SupportFilesDigest(all));
  all.insert(all.end(), files.begin(), files.end());
  return Build(all, profile, work_dir, key, plan);
}

namespace {

// The compiler run on a fresh copy of the files, by the wall-clock rule
// (wall_clock_retry.h): run again on another fresh copy, after a pause and while no
// other compile of the process runs, while the wall clock stopped it with its CPU time
// under the compile CPU limit or something outside the judge killed it, at most
// kWallRetries more times (a busy host slows a compile, and a niced one most). *made
// says what the attempts did; the last run's result is returned. Killed from outside
// on the last attempt too: an Unavailable Status (the judge could not compile; JE,
// never CE, and never cached).
Result<RunResult> RunCompiler(Sandbox* sandbox, const std::vector<SourceFile>& files, const RunSpec& spec,
                              WallAttempts* made) {
  RunResult last;
  auto attempt = [&](int n, bool alone) -> Result<AttemptEnd> {
    if (n > 1) {
      // What the stopped compiler left (a half-written binary, its temporary files)
      // must not become part of the program.
      JUDGE_RETURN_IF_ERROR(fs::RemoveTree(spec.work_dir));
      JUDGE_RETURN_IF_ERROR(fs::MakeDirs(spec.work_dir));
    }
    JUDGE_RETURN_IF_ERROR(WriteSources(files, spec.work_dir));
    Result<RunResult> ran = [&] {
      RunGate::Hold hold(CompileGate(), alone);
      return sandbox->Run(spec);
    }();
    if (!ran.ok()) return ran.status();
    last = std::move(*ran);
    if (WallStopUnderCpuLimit(last.status, last.kill_reason, last.cpu_ms, spec.limits.cpu_time_ms))
      return AttemptEnd{WallStop{last.wall_ms, last.cpu_ms}};
    // A compiler is not expected to kill itself: the host's out-of-memory killer, an
    // administrator or a process that cleans up sandboxes did, which says nothing of
    // the source.
    return AttemptEnd{std::nullopt, KilledFromOutside(last.status, last.kill_reason, last.signal)};
  };
  JUDGE_ASSIGN_OR_RETURN(*made, RunWithWallRetries(attempt, spec.cancel, "compilation cancelled"));
  if (made->killed_decided) {
    return Status::Unavailable("the compiler was killed by SIGKILL on " +
                               OnAttemptsText(made->outside_kills, made->attempts) +
                               " attempts, by no limit of the judge's (" +
                               std::to_string(last.cpu_ms) + " ms CPU, " + std::to_string(last.wall_ms) +
                               " ms wall on the last): something on the host killed it");
  }
  return last;
}

}  // namespace

Result<CompileOutcome> Compiler::Build(const std::vector<SourceFile>& files, const LanguageProfile& profile,
                                       const std::string& work_dir, const std::string& key, const Plan& plan) {
  const std::string dir = work_dir + "/compile";
  if (std::optional<CompileOutcome> cached = FromCache(profile, key, plan, dir)) return std::move(*cached);
  JUDGE_ASSIGN_OR_RETURN(RunSpec spec, CompileSpec(profile, work_dir, plan));
  WallAttempts made;
  Result<RunResult> ran = RunCompiler(sandbox_, files, spec, &made);
  if (!ran.ok()) return ran.status().WithContext("compiling " + plan.run_source);
  CompileOutcome outcome;
  outcome.cpu_ms = ran->cpu_ms;
  outcome.wall_ms = ran->wall_ms;
  outcome.attempts = made.attempts;
  outcome.sandbox_method = ran->time_method + "+" + ran->memory_method;
  outcome.log = ReadLog(spec, options_.limits.log_kib);

  CacheEntry entry;
  const std::optional<CacheKind> ran_kind = CacheKindOf(*ran);
  bool keep = ran_kind.has_value();  // worth a cache entry
  const CacheKind kind = ran_kind.value_or(CacheKind::kRefused);
  if (ran->status != RunStatus::kOk) {
    outcome.message = CompileFailureMessage(*ran, options_.limits);
  } else {
    JUDGE_ASSIGN_OR_RETURN(entry.files, Artifacts(profile, dir, plan, &outcome.message));
    outcome.ok = outcome.message.empty();
    if (!outcome.ok) keep = false;  // no usable program: not kept
  }
  if (outcome.ok) JUDGE_RETURN_IF_ERROR(SetProgram(profile, dir, entry.files, plan.run_source, &outcome));
  outcome.rejected = keep && kind == CacheKind::kRefused;
  if (keep) {
    entry.kind = kind;
    entry.message = outcome.message;  // the limit's reason stays with the entry
    entry.log = outcome.log;
    KeepInCache(options_, key, entry, dir);
  }
  // What the wall clock and the host did are this compile's, never the cache entry's.
  NoteRetries(made, spec.limits.cpu_time_ms, &outcome);
  return outcome;
}

}  // namespace judge
