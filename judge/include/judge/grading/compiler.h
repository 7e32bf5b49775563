// Compilation: turns a submission file into a Program the grader can run.
//
// Theory of operation
// -------------------
// The compiler runs inside the Sandbox like any untrusted program, under its own
// limits (CPU, wall, memory, output, ~64 processes), in a fresh directory holding only
// the source under the profile's name. So a submission that makes the compiler read
// /dev/random, expand a template bomb or write a huge binary gets CE with the reason
// ("the compiler exceeded its memory limit of 2097152 KiB"), not a hung judge. Its
// stdout and stderr are kept (capped at CompileLimits::log_kib) and shown on CE.
//
// A file whose profile has no compile command (a contestant binary, or a
// language whose profile only checks syntax) is still prepared here: it becomes the
// program file with the profile's name.
//
// Results are cached by (source bytes, profile commands, compiler version) under the
// cache directory: <cache>/<sha256>/ holds the program files, the log and a marker
// written last, so a half-written entry is never used. A CE the same source always
// gets (the compiler's refusal, or its CPU time, memory, output or process limit) is
// cached like a program; a wall-time kill or a signal (which depend on the host's
// load or a crashed compiler) is not (Compiler::Compile, docs/grading.md).
//
// The compile's time limit is CPU time, as a test's is: a compile that the wall clock
// stopped with its CPU time under the limit (a niced compile on a busy host) runs
// again on a fresh copy of the sources after a pause and while no other compile of the
// process runs, at most twice more, by the rule tests follow
// (judge/src/grading/wall_clock_retry.h); only when every attempt was
// stopped so is it CE by the wall clock, and the message names the wall clock, each
// stop and the host's load.
// The cache is bounded (CompilerOptions::cache_max_bytes): the least recently used
// entries are removed after each fill (compile_cache_bound.h).
//
// The judge's failures (the sandbox cannot run, the cache cannot be written) are a
// non-OK Status; a submission that does not compile is CompileOutcome::ok == false.
// Thread safety: Compile() may be called concurrently (distinct work directories);
// concurrent fills of one cache entry are resolved by an atomic rename.
#ifndef JUDGE_COMPILER_H_
#define JUDGE_COMPILER_H_

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "judge/base/status.h"
#include "judge/config/language.h"
#include "judge/grading/program.h"
#include "judge/sandbox/sandbox.h"

namespace judge {

// The nice value compiles run at (RunSpec::nice); tests run at 0.
inline constexpr int32_t kCompileNice = 10;

// A compile's wall limit is this many times its CPU limit: a safety net that a compile
// on a busy host does not reach, as a niced one gets the CPU last (docs/grading.md,
// "Compilation", gives the measurement).
inline constexpr int64_t kCompileWallFactor = 10;

struct CompileLimits {
  int64_t cpu_time_ms = 30000;
  int64_t wall_time_ms = kCompileWallFactor * 30000;
  int64_t memory_kib = 2097152;   // 2 GiB: g++ on heavy templates needs a lot
  int64_t output_kib = 262144;    // the binary and the log together
  int32_t max_processes = 64;     // the driver, cc1plus, as, ld, a JVM's threads
  int64_t log_kib = 64;           // the compiler log kept and shown
};

struct CompileOutcome {
  bool ok = false;
  std::string log;       // compiler stdout + stderr, capped (may be empty)
  std::string message;   // one line on CE: why ("exit code 1", "exceeded its time limit")
  Program program;       // valid when ok
  bool from_cache = false;
  // Not ok because the compiler refused the source (or left no usable program), not
  // because of a limit: the only kind of CE worth retrying with another profile.
  bool rejected = false;
  int64_t cpu_ms = 0;    // of the compile run (0 from the cache)
  int64_t wall_ms = 0;
  // Runs of the compiler: 1, or more when the wall clock stopped it with its CPU time
  // under the limit, or something outside the judge killed it, and it ran again (0
  // from the cache).
  int attempts = 0;
  // "<time method>+<memory method>" of the compile run; empty when none ran.
  std::string sandbox_method;
};

// One file of a multi-file program: a submission folder, a validator's folder.
struct SourceFile {
  std::string name;          // a plain name, or a relative path of plain names ("pkg/A.java")
  std::string bytes;
  bool executable = false;   // e.g. a `build` or `run` script
};

struct CompilerOptions {
  CompileLimits limits;
  // Empty: no cache (every call compiles).
  std::string cache_dir;
  // The cache's size bound, which holds after every fill (least recently used
  // entries go first); an entry over a quarter of it is not kept. 0:
  // DefaultCacheMaxBytes().
  int64_t cache_max_bytes = 0;
  // Borrowed, may be null: when set, a running compilation is killed and Compile()
  // returns a kCancelled Status.
  const std::atomic<bool>* cancel = nullptr;
};

// The default cache directory: $XDG_CACHE_HOME/judge, else $HOME/.cache/judge, else
// <tmp>/judge-cache.
std::string DefaultCacheDir();

// $JUDGE_COMPILE_CACHE_MIB MiB when set to a positive number, else 1 GiB.
int64_t DefaultCacheMaxBytes();

// The first non-empty line of the profile's version command, run directly (it is
// the judge's own toolchain, not a submission) with a 10 s limit; "" when the
// profile has none or it fails. Cached per process.
std::string ToolchainVersion(const LanguageProfile& profile);

class Compiler {
 public:
  // sandbox is borrowed and must outlive the Compiler.
  Compiler(Sandbox* sandbox, CompilerOptions options);

  // Compiles the source bytes with profile. work_dir: an existing empty directory
  // owned by the caller; the program's files are always there (a cache hit links
  // them there from the cache, which may evict its entry at any time), so it must
  // outlive the Program. An empty source is an InvalidArgument Status (nothing to
  // judge), not CE. A compile error the same source always gets (the compiler's
  // refusal, or its CPU time, memory, output or process limit, with the reason as
  // the message) is cached like a program; a wall-time kill is not, and comes only
  // after the compiler was stopped by the wall clock on every attempt (see above). A
  // compiler killed by SIGKILL that none of its limits explains was killed from
  // outside the judge: compiled again (three runs at most, as for wall-clock stops),
  // and killed so every time, an Unavailable Status (the judge's failure, never CE;
  // not cached).
  Result<CompileOutcome> Compile(std::string_view source, const LanguageProfile& profile,
                                 const std::string& work_dir);

  // Several files built as one program. Each file keeps its name. In the compile
  // command an argument that is exactly "{source}" becomes the entry file followed by
  // every other file the profile compiles (the entry's extension or one of the
  // profile's); in the run command "{source}" is the entry. The entry is the file named
  // like the profile's source (main.cpp, main.py, Main.java), else __main__.py, else the
  // only file the profile compiles; when the run command does not name the source (a
  // compiled language) the first such file in name order. No entry is CE saying so.
  // Every file goes to the run besides the profile's artifacts. Cached like Compile.
  Result<CompileOutcome> Compile(const std::vector<SourceFile>& files, const LanguageProfile& profile,
                                 const std::string& work_dir);

 private:
  // What one build compiles and runs: the files' names as the commands see them.
  struct Plan {
    std::vector<std::string> compile_sources;  // "{source}" in the compile command
    std::string run_source;                    // "{source}" in the run command
    std::vector<std::string> extra_artifacts;  // besides the profile's
  };
  Result<CompileOutcome> Prepare(std::string_view source, const LanguageProfile& profile, const std::string& dir);
  Result<CompileOutcome> Build(const std::vector<SourceFile>& files, const LanguageProfile& profile,
                               const std::string& work_dir, const std::string& key, const Plan& plan);
  // A hit, its program's files linked into dir; nullopt for a miss.
  std::optional<CompileOutcome> FromCache(const LanguageProfile& profile, const std::string& key,
                                          const Plan& plan, const std::string& dir) const;
  Result<RunSpec> CompileSpec(const LanguageProfile& profile, const std::string& work_dir, const Plan& plan) const;
  Result<std::vector<std::string>> Artifacts(const LanguageProfile& profile, const std::string& dir,
                                             const Plan& plan, std::string* missing) const;

  Sandbox* sandbox_;
  CompilerOptions options_;
};

// The cache key of a source and profile (exposed for tests).
std::string CompileCacheKey(const std::string& source, const LanguageProfile& profile,
                            const std::string& toolchain_version);

// Several files travel and are stored as one byte string (a submission's `source`
// whose file name ends in '/'): each file as "<name>\n<size>\n<bytes>". Encode
// sorts by name; Decode refuses anything else than plain names and exact sizes.
std::string EncodeSourceFiles(std::vector<SourceFile> files);
Result<std::vector<SourceFile>> DecodeSourceFiles(std::string_view bytes);

}  // namespace judge

#endif  // JUDGE_COMPILER_H_
