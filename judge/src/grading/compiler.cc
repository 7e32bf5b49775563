// Compilation in the sandbox, with a cache (see judge/compiler.h).
#include "judge/compiler.h"

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
#include "compile_cache_bound.h"
#include "support_files.h"
#include "judge/java_class.h"

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
      return "the compiler exceeded its time limit of " + std::to_string(limits.cpu_time_ms) + " ms";
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

// What a cache entry holds. Stored as its name in the entry's first line; append
// only: a judge that finds a kind it does not know treats the entry as a miss.
enum class CacheKind {
  kOk,       // "ok": a program
  kRefused,  // "ce": the compiler refused the source (worth trying another profile)
  kLimit,    // "limit": the compiler hit a limit (CPU time, memory, output, processes)
};

const char* CacheKindName(CacheKind kind) {
  switch (kind) {
    case CacheKind::kOk: return "ok";
    case CacheKind::kRefused: return "ce";
    case CacheKind::kLimit: return "limit";
  }
  return "";
}

std::optional<CacheKind> ParseCacheKind(const std::string& name) {
  for (CacheKind k : {CacheKind::kOk, CacheKind::kRefused, CacheKind::kLimit})
    if (name == CacheKindName(k)) return k;
  return std::nullopt;
}

// What of a compile run is kept: a program, a refusal, or a limit the same source
// hits again on any machine (a template bomb costs its compile once). Not kept: a
// wall-time kill (it depends on the host's load, not the source), a compiler killed
// by a signal (it crashed), or the judge's own failures.
std::optional<CacheKind> CacheKindOf(const RunResult& r) {
  switch (r.status) {
    case RunStatus::kOk: return CacheKind::kOk;
    case RunStatus::kTimeLimitExceeded:
      if (r.kill_reason == KillReason::kWallTime) return std::nullopt;
      return CacheKind::kLimit;
    case RunStatus::kMemoryLimitExceeded:
    case RunStatus::kOutputLimitExceeded: return CacheKind::kLimit;
    case RunStatus::kRuntimeError:
      if (r.kill_reason == KillReason::kProcesses) return CacheKind::kLimit;
      if (r.kill_reason == KillReason::kNone && r.signal == 0) return CacheKind::kRefused;
      return std::nullopt;
  }
  return std::nullopt;
}

// A cache entry: "result" holds the kind, the message, then the program files.
struct CacheEntry {
  CacheKind kind = CacheKind::kRefused;
  std::string message;
  std::vector<std::string> files;
  std::string log;
};

std::optional<CacheEntry> ReadCacheEntry(const std::string& dir) {
  auto result = fs::ReadFile(dir + "/result", 1 << 20);
  if (!result.ok()) return std::nullopt;
  std::istringstream in(*result);
  CacheEntry e;
  std::string kind;
  if (!std::getline(in, kind)) return std::nullopt;
  std::optional<CacheKind> parsed = ParseCacheKind(kind);
  if (!parsed) return std::nullopt;
  e.kind = *parsed;
  std::getline(in, e.message);
  std::string f;
  while (std::getline(in, f))
    if (!f.empty()) e.files.push_back(f);
  for (const auto& name : e.files)
    if (!fs::Exists(dir + "/files/" + name)) return std::nullopt;
  auto log = fs::ReadFile(dir + "/log");
  if (log.ok()) e.log = *log;
  return e;
}

// Writes the entry under a temporary name, then renames it into place: readers see a
// whole entry or none. Returns the entry's directory, or an error (the caller then
// does without the cache).
Result<std::string> WriteCacheEntry(const std::string& cache_dir, const std::string& key,
                                    const CacheEntry& e, const std::string& from_dir) {
  JUDGE_RETURN_IF_ERROR(fs::MakeDirs(cache_dir));
  JUDGE_ASSIGN_OR_RETURN(std::string tmp, fs::MakeTempDir(cache_dir, ".tmp-" + key.substr(0, 8) + "-"));
  auto fail = [&](Status st) -> Result<std::string> {
    fs::RemoveTree(tmp);
    return st;
  };
  Status st = fs::MakeDirs(tmp + "/files");
  if (!st.ok()) return fail(st);
  for (const auto& f : e.files) {
    if (auto slash = f.rfind('/'); slash != std::string::npos) st = fs::MakeDirs(tmp + "/files/" + f.substr(0, slash));
    if (st.ok()) st = fs::CopyFile(from_dir + "/" + f, tmp + "/files/" + f);
    if (!st.ok()) return fail(st);
  }
  st = fs::WriteFile(tmp + "/log", e.log);
  if (!st.ok()) return fail(st);
  std::string result = std::string(CacheKindName(e.kind)) + "\n" + e.message + "\n";
  for (const auto& f : e.files) result += f + "\n";
  st = fs::WriteFile(tmp + "/result", result);
  if (!st.ok()) return fail(st);
  std::string final_dir = cache_dir + "/" + key;
  if (rename(tmp.c_str(), final_dir.c_str()) != 0) {
    int err = errno;
    fs::RemoveTree(tmp);
    if ((err == EEXIST || err == ENOTEMPTY) && ReadCacheEntry(final_dir)) return final_dir;
    return Status::IoError(final_dir + ": cannot store the compiled program: " + ErrnoText(err));
  }
  return final_dir;
}

// The bytes an entry of these program files (in from_dir) and this log would take.
int64_t EntryBytes(const CacheEntry& e, const std::string& from_dir) {
  int64_t total = static_cast<int64_t>(e.log.size() + e.message.size());
  for (const auto& f : e.files) {
    struct stat st;
    if (::stat((from_dir + "/" + f).c_str(), &st) == 0) total += static_cast<int64_t>(st.st_size);
  }
  return total;
}

// Hard-links (or, across file systems, copies) the program's files from a cache
// entry into dir, the judging's own: once linked they stay whole even when the entry
// is evicted at once. On failure (the entry went meanwhile) dir is left empty.
Status LinkProgramFiles(const std::string& entry_files, const std::vector<std::string>& files,
                        const std::string& dir) {
  Status st;
  for (const auto& f : files) {
    if (auto slash = f.rfind('/'); slash != std::string::npos) st = fs::MakeDirs(dir + "/" + f.substr(0, slash));
    if (st.ok()) st = fs::LinkOrCopy(entry_files + "/" + f, dir + "/" + f);
    if (!st.ok()) break;
  }
  if (st.ok()) return st;
  (void)fs::RemoveTree(dir);
  (void)fs::MakeDirs(dir);
  return st;
}

// Stores the entry (its program files from dir) and bounds the cache. The caller's
// program stays in dir: the stored entry may be evicted at once.
void KeepInCache(const CompilerOptions& options, const std::string& key, const CacheEntry& entry,
                 const std::string& dir) {
  if (options.cache_dir.empty()) return;
  const int64_t max_bytes = options.cache_max_bytes > 0 ? options.cache_max_bytes : DefaultCacheMaxBytes();
  if (!FitsCompileCache(EntryBytes(entry, dir), max_bytes)) return;  // it would push out everything else
  // A cache that cannot be written costs speed, not correctness: go on without it.
  if (WriteCacheEntry(options.cache_dir, key, entry, dir).ok()) (void)BoundCompileCache(options.cache_dir, max_bytes);
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

// The program to run; InvalidArgument (a compile error of the submission) when the
// run command needs a main class that the compiled classes do not have. run_source is
// what "{source}" names in the run command (the entry of a multi-file program).
Result<Program> MakeProgram(const LanguageProfile& profile, const std::string& dir, std::vector<std::string> files,
                            const std::string& run_source) {
  std::map<std::string, std::string> values = {{"source", run_source}, {"binary", kBinaryName}};
  if (UsesPlaceholder(profile.run, "{main_class}")) {
    std::string stem = run_source.substr(0, run_source.rfind('.'));
    JUDGE_ASSIGN_OR_RETURN(values["main_class"], FindJavaMainClass(dir, files, stem));
  }
  Program p;
  p.language_id = profile.id;
  p.dir = dir;
  p.files = std::move(files);
  p.argv = ExpandCommand(profile.run, values);
  p.max_processes = profile.run_processes;
  p.memory_allowance_percent = profile.memory_allowance_percent;
  p.reserved_memory_counts = profile.reserved_memory_counts;
  return p;
}

// Sets *outcome's program, or makes it a compile error with the reason.
Status SetProgram(const LanguageProfile& profile, const std::string& dir, std::vector<std::string> files,
                  const std::string& run_source, CompileOutcome* outcome) {
  Result<Program> program = MakeProgram(profile, dir, std::move(files), run_source);
  if (program.ok()) {
    outcome->program = std::move(program).value();
    return Status::Ok();
  }
  if (program.status().code() != StatusCode::kInvalidArgument) return program.status();
  outcome->ok = false;
  outcome->message = program.status().message();
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

std::string DefaultCacheDir() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/judge";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/judge";
  return fs::TempRoot() + "/judge-cache";
}

int64_t DefaultCacheMaxBytes() {
  if (const char* v = std::getenv("JUDGE_COMPILE_CACHE_MIB"); v && *v) {
    char* end = nullptr;
    long long mib = std::strtoll(v, &end, 10);
    if (end && *end == '\0' && mib > 0) return static_cast<int64_t>(mib) << 20;
  }
  return int64_t{1} << 30;
}

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

Result<CompileOutcome> Compiler::Build(const std::vector<SourceFile>& files, const LanguageProfile& profile,
                                       const std::string& work_dir, const std::string& key, const Plan& plan) {
  const std::string dir = work_dir + "/compile";
  if (std::optional<CompileOutcome> cached = FromCache(profile, key, plan, dir)) return std::move(*cached);
  JUDGE_RETURN_IF_ERROR(WriteSources(files, dir));
  JUDGE_ASSIGN_OR_RETURN(RunSpec spec, CompileSpec(profile, work_dir, plan));
  Result<RunResult> ran = sandbox_->Run(spec);
  if (!ran.ok()) return ran.status().WithContext("compiling " + plan.run_source);
  CompileOutcome outcome;
  outcome.cpu_ms = ran->cpu_ms;
  outcome.wall_ms = ran->wall_ms;
  outcome.sandbox_method = ran->time_method + "+" + ran->memory_method;
  outcome.log = ReadLog(spec, options_.limits.log_kib);

  CacheEntry entry;
  std::optional<CacheKind> kind = CacheKindOf(*ran);
  if (ran->status != RunStatus::kOk) {
    outcome.message = CompileFailureMessage(*ran, options_.limits);
  } else {
    JUDGE_ASSIGN_OR_RETURN(entry.files, Artifacts(profile, dir, plan, &outcome.message));
    outcome.ok = outcome.message.empty();
    if (!outcome.ok) kind.reset();  // no usable program: not kept
  }
  if (outcome.ok) JUDGE_RETURN_IF_ERROR(SetProgram(profile, dir, entry.files, plan.run_source, &outcome));
  outcome.rejected = kind == CacheKind::kRefused;
  if (kind) {
    entry.kind = *kind;
    entry.message = outcome.message;  // the limit's reason stays with the entry
    entry.log = outcome.log;
    KeepInCache(options_, key, entry, dir);
  }
  return outcome;
}

std::string EncodeSourceFiles(std::vector<SourceFile> files) {
  std::sort(files.begin(), files.end(), [](const SourceFile& a, const SourceFile& b) { return a.name < b.name; });
  std::string out;
  for (const auto& f : files) out += f.name + "\n" + std::to_string(f.bytes.size()) + "\n" + f.bytes;
  return out;
}

Result<std::vector<SourceFile>> DecodeSourceFiles(std::string_view bytes) {
  std::vector<SourceFile> out;
  std::size_t i = 0;
  auto bad = [](const std::string& why) { return Status::Corrupt("a multi-file submission: " + why); };
  while (i < bytes.size()) {
    std::size_t nl = bytes.find('\n', i);
    if (nl == std::string_view::npos) return bad("a file name without its size");
    SourceFile f;
    f.name = std::string(bytes.substr(i, nl - i));
    if (f.name.empty() || f.name == "." || f.name == ".." || f.name.find('/') != std::string::npos ||
        f.name.find('\0') != std::string::npos)
      return bad("\"" + f.name + "\" is not a plain file name");
    std::size_t nl2 = bytes.find('\n', nl + 1);
    if (nl2 == std::string_view::npos || nl2 == nl + 1 || nl2 - nl > 20) return bad("no size after " + f.name);
    std::size_t size = 0;
    for (std::size_t j = nl + 1; j < nl2; ++j) {
      if (bytes[j] < '0' || bytes[j] > '9') return bad("a size that is not a number after " + f.name);
      size = size * 10 + static_cast<std::size_t>(bytes[j] - '0');
    }
    if (size > bytes.size() - nl2 - 1) return bad(f.name + " is cut short");
    f.bytes = std::string(bytes.substr(nl2 + 1, size));
    i = nl2 + 1 + size;
    out.push_back(std::move(f));
  }
  if (out.empty()) return bad("no files");
  return out;
}

}  // namespace judge
