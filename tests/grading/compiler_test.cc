// Compilation with a fake sandbox: the command and limits given to the sandbox, CE with
// the reason and the log, the cache, binaries, and the judge's own failures.
#include "judge/grading/compiler.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "fakes.h"
#include "wall_clock_retry.h"  // kWallRetries, kWallRetryPauseMs

namespace judge {
namespace {

using testing::FakeSandbox;
using testing::Ok;
using testing::ReadFile;
using testing::TempDir;
using testing::WriteFile;

LanguageProfile CppProfile() {
  LanguageProfile p;
  p.id = "cpp20";
  p.source_name = "main.cpp";
  p.compile = {"g++", "-O2", "-static", "-std=gnu++20", "-o", "{binary}", "{source}"};
  p.run = {"./{binary}"};
  return p;
}

// A fake compiler: writes "binary of <source>" into the work dir, or fails when the
// source says so.
RunResult FakeCompile(const RunSpec& spec, std::string*) {
  std::string src = ReadFile(spec.work_dir + "/main.cpp");
  if (src.find("syntax error") != std::string::npos) {
    WriteFile(spec.stderr_path, "main.cpp:1:1: error: expected unqualified-id\n");
    RunResult r;
    r.status = RunStatus::kRuntimeError;
    r.exit_code = 1;
    return r;
  }
  if (src.find("template bomb") != std::string::npos) {
    RunResult r;
    r.status = RunStatus::kMemoryLimitExceeded;
    r.kill_reason = KillReason::kMemory;
    return r;
  }
  if (src.find("/dev/random") != std::string::npos) {
    RunResult r;
    r.status = RunStatus::kTimeLimitExceeded;
    r.kill_reason = KillReason::kCpuTime;
    return r;
  }
  if (src.find("/dev/stdin") != std::string::npos) {  // waits, using no CPU
    RunResult r;
    r.status = RunStatus::kTimeLimitExceeded;
    r.kill_reason = KillReason::kWallTime;
    return r;
  }
  if (src.find("chatty") != std::string::npos) {
    WriteFile(spec.stderr_path, std::string(200 * 1024, 'w'));
    RunResult r;
    r.status = RunStatus::kRuntimeError;
    r.exit_code = 1;
    return r;
  }
  WriteFile(spec.work_dir + "/main", "binary of " + src);
  return Ok(300);
}

struct Fixture {
  TempDir dir;
  std::string cache;
  Fixture() { cache = dir.path() + "/cache"; }
  // The compiler takes source bytes; the name only documents the test.
  std::string Source(const std::string& name, const std::string& text) {
    (void)name;
    return text;
  }
  std::string Work() {
    static int n = 0;
    return dir.Mkdir("work" + std::to_string(n++));
  }
  CompilerOptions Options(bool cache_on = true) {
    CompilerOptions o;
    if (cache_on) o.cache_dir = cache;
    return o;
  }
};

TEST(Compiler, RunsTheCompilerInTheSandboxWithTheCompileLimits) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  CompilerOptions opt = f.Options(false);
  opt.limits.cpu_time_ms = 12345;
  opt.limits.memory_kib = 777777;
  Compiler compiler(&sandbox, opt);
  std::string work = f.Work();
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), work);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->ok);
  ASSERT_EQ(sandbox.specs.size(), 1u);
  const RunSpec& s = sandbox.specs[0];
  EXPECT_EQ(s.argv[0].front(), '/');  // resolved on the host
  EXPECT_EQ(s.argv.back(), "main.cpp");
  EXPECT_EQ(s.argv[5], "main");
  EXPECT_EQ(s.limits.cpu_time_ms, 12345);
  EXPECT_EQ(s.limits.memory_kib, 777777);
  EXPECT_EQ(s.limits.wall_time_ms, kCompileWallFactor * 30000);  // the default's, not derived from 12345
  EXPECT_EQ(s.limits.max_processes, 64);
  EXPECT_EQ(s.nice, kCompileNice);  // below the tests' 0: a compile never starves another submission's tests
  EXPECT_EQ(kCompileNice, 10);
  EXPECT_NE(std::find(s.env.begin(), s.env.end(), "TMPDIR=" + s.work_dir), s.env.end());
  EXPECT_EQ(r->program.files, std::vector<std::string>{"main"});
  EXPECT_EQ(r->program.argv, std::vector<std::string>{"./main"});
  EXPECT_EQ(ReadFile(r->program.dir + "/main"), "binary of int main(){}");
  EXPECT_EQ(r->cpu_ms, 300);
}

// The profile's compile_dirs are the compile's extra read-only mounts, where they are
// on the host.
TEST(Compiler, TheProfilesCompileDirsAreShownReadOnly) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options(false));
  LanguageProfile profile = CppProfile();
  profile.compile_dirs = {"/var/lib/ghc"};
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), profile, f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(sandbox.specs.size(), 1u);
  ASSERT_EQ(sandbox.specs[0].mounts.size(), 1u);
  EXPECT_EQ(sandbox.specs[0].mounts[0].host_path, "/var/lib/ghc");
  EXPECT_EQ(sandbox.specs[0].mounts[0].inside_path, "");
  EXPECT_FALSE(sandbox.specs[0].mounts[0].writable);
}

TEST(Compiler, ACompilerErrorIsCompileErrorWithTheLog) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "syntax error"), CppProfile(), f.Work());
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(r->ok);
  EXPECT_NE(r->log.find("expected unqualified-id"), std::string::npos);
  EXPECT_EQ(r->message, "the compiler failed with exit code 1");
}

TEST(Compiler, LimitsGiveCompileErrorsWithTheReason) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  auto bomb = compiler.Compile(f.Source("a.cpp", "template bomb"), CppProfile(), f.Work());
  ASSERT_TRUE(bomb.ok());
  EXPECT_FALSE(bomb->ok);
  EXPECT_NE(bomb->message.find("memory limit of 2097152 KiB"), std::string::npos) << bomb->message;
  auto rnd = compiler.Compile(f.Source("b.cpp", "#include \"/dev/random\""), CppProfile(), f.Work());
  ASSERT_TRUE(rnd.ok());
  EXPECT_FALSE(rnd->ok);
  EXPECT_NE(rnd->message.find("time limit of 30000 ms"), std::string::npos) << rnd->message;
  EXPECT_FALSE(bomb->rejected) << "a limit is no reason to try another profile";
  EXPECT_EQ(sandbox.specs.size(), 2u);
}

// Issue 23, hole 6: resubmitting a template bomb cost its compile every time. A CPU
// time, memory or output limit is hit again by the same source: cached like the
// compiler's refusal, with the reason, and the sandbox does not run again.
TEST(Compiler, CompilesThatHitALimitAreCachedWithTheReason) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  for (const std::string src : {"#include \"/dev/random\"", "template bomb"}) {
    auto first = compiler.Compile(src, CppProfile(), f.Work());
    ASSERT_TRUE(first.ok());
    const std::size_t runs = sandbox.specs.size();
    auto again = compiler.Compile(src, CppProfile(), f.Work());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(sandbox.specs.size(), runs) << src << ": the sandbox ran again";
    EXPECT_TRUE(again->from_cache) << src;
    EXPECT_FALSE(again->ok);
    EXPECT_FALSE(again->rejected);
    EXPECT_EQ(again->message, first->message);
  }
  // A wall-time kill depends on the host's load, not on the source: compiled again.
  ASSERT_TRUE(compiler.Compile("#include \"/dev/stdin\"", CppProfile(), f.Work()).ok());
  auto waited = compiler.Compile("#include \"/dev/stdin\"", CppProfile(), f.Work());
  ASSERT_TRUE(waited.ok());
  EXPECT_FALSE(waited->from_cache);
  EXPECT_NE(waited->message.find("wall time limit"), std::string::npos) << waited->message;
  EXPECT_EQ(sandbox.specs.size(), 2u + 2u * (1 + kWallRetries));
}

RunResult StoppedByTheWallClock(int64_t cpu_ms) {
  RunResult r;
  r.status = RunStatus::kTimeLimitExceeded;
  r.kill_reason = KillReason::kWallTime;
  r.cpu_ms = cpu_ms;
  r.wall_ms = 60000;
  return r;
}

// A niced compile on a busy host: the wall clock stopped it with little CPU time used.
// Compiled again, on a fresh copy of the source, it succeeds: no CE, and the log says
// it ran again.
TEST(Compiler, AWallClockStopWithItsCpuUnderTheLimitIsCompiledAgain) {
  Fixture f;
  int runs = 0;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    if (++runs == 1) {
      WriteFile(spec.work_dir + "/ccLeft.s", "what a killed compiler left");
      return StoppedByTheWallClock(6500);
    }
    EXPECT_FALSE(std::filesystem::exists(spec.work_dir + "/ccLeft.s")) << "the retry reused the stopped run's folder";
    return FakeCompile(spec, out);
  });
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->ok) << r->message;
  EXPECT_EQ(sandbox.specs.size(), 2u);
  EXPECT_EQ(r->attempts, 2);
  EXPECT_EQ(ReadFile(r->program.dir + "/main"), "binary of int main(){}");
  EXPECT_NE(r->log.find("compiled again after 1 wall-clock stop with CPU time under the limit (60000 ms wall, "
                        "6500 ms CPU); host load "),
            std::string::npos)
      << r->log;
}

// What the sandbox reports of a compiler that something outside the judge killed: SIGKILL,
// no kill of the judge's, no out-of-memory kill in its cgroup, CPU time under the limit.
RunResult KilledFromOutside() {
  RunResult r;
  r.status = RunStatus::kRuntimeError;
  r.signal = SIGKILL;
  r.cpu_ms = 0;
  r.wall_ms = 3;
  return r;
}

// A host that kills the compiler (its out-of-memory killer, a process that cleans up
// sandboxes) says nothing of the source: compiled again on a fresh copy, it succeeds.
TEST(Compiler, ACompilerKilledFromOutsideIsCompiledAgain) {
  Fixture f;
  int runs = 0;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    if (++runs == 1) {
      WriteFile(spec.work_dir + "/ccLeft.s", "what a killed compiler left");
      return KilledFromOutside();
    }
    EXPECT_FALSE(std::filesystem::exists(spec.work_dir + "/ccLeft.s")) << "the retry reused the killed run's folder";
    return FakeCompile(spec, out);
  });
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->ok) << r->message;
  EXPECT_EQ(r->attempts, 2);
  EXPECT_EQ(ReadFile(r->program.dir + "/main"), "binary of int main(){}");
  // The log says why the compiler ran twice (the killed one may have printed nothing).
  EXPECT_NE(r->log.find("judge: compiled again after 1 SIGKILL that no limit of the judge's sent; host load "),
            std::string::npos)
      << r->log;
}

// Killed so on every attempt: the judge could not compile (JE), which is no compile
// error of the source's, and nothing is cached.
TEST(Compiler, ACompilerKilledFromOutsideEveryTimeIsTheJudgesFailureNotACompileError) {
  Fixture f;
  bool host_kills = true;
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    return host_kills ? KilledFromOutside() : FakeCompile(spec, out);
  });
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_FALSE(r.ok()) << "a compile error: " << r->message;
  EXPECT_EQ(r.status().code(), StatusCode::kUnavailable);
  EXPECT_NE(r.status().message().find("killed by SIGKILL on each of 3 attempts"), std::string::npos)
      << r.status().message();
  EXPECT_EQ(sandbox.specs.size(), static_cast<std::size_t>(1 + kWallRetries));
  host_kills = false;
  auto again = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_TRUE(again.ok()) << again.status().message();
  EXPECT_FALSE(again->from_cache);
  EXPECT_TRUE(again->ok) << again->message;
}

// A retry runs alone, as a test's does: the compile that the wall clock stopped is
// compiled again only when the other compile under way (another submission's, on
// another thread) has ended, however long that takes beyond the pause.
TEST(Compiler, ARetryWaitsUntilNoOtherCompileRuns) {
  Fixture f;
  std::atomic<bool> other_running{false};
  std::atomic<bool> other_ended{false};
  std::atomic<int> runs_of_first{0};
  std::atomic<bool> retry_beside_other{false};
  FakeSandbox sandbox([&](const RunSpec& spec, std::string* out) {
    if (ReadFile(spec.work_dir + "/main.cpp").find("other") != std::string::npos) {
      other_running = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(4 * kWallRetryPauseMs));
      other_ended = true;
      return FakeCompile(spec, out);
    }
    if (++runs_of_first == 1) {
      while (!other_running) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return StoppedByTheWallClock(6500);
    }
    if (!other_ended) retry_beside_other = true;
    return FakeCompile(spec, out);
  });
  const std::string first_work = f.Work();
  const std::string other_work = f.Work();
  Result<CompileOutcome> other = Status::Internal("not compiled");
  std::thread other_thread([&] {
    Compiler compiler(&sandbox, f.Options(false));
    other = compiler.Compile(f.Source("b.cpp", "int main(){} // other"), CppProfile(), other_work);
  });
  Compiler compiler(&sandbox, f.Options(false));
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), first_work);
  other_thread.join();
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_TRUE(other.ok()) << other.status().message();
  EXPECT_TRUE(r->ok) << r->message;
  EXPECT_EQ(r->attempts, 2);
  EXPECT_EQ(runs_of_first.load(), 2);
  EXPECT_FALSE(retry_beside_other.load()) << "the retry ran while another compile did";
}

// The CPU limit is the compile's time limit: reaching it is CE at once, cached, and
// the message names the CPU clock.
TEST(Compiler, ACpuTimeStopIsNotCompiledAgain) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile("#include \"/dev/random\"", CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_FALSE(r->ok);
  EXPECT_EQ(sandbox.specs.size(), 1u);
  EXPECT_EQ(r->attempts, 1);
  EXPECT_EQ(r->message, "the compiler exceeded its CPU time limit of 30000 ms; the CPU clock decided");
}

// Stopped by the wall clock on every attempt with its CPU time under the limit (a
// compiler that waits, or a host too busy every time): CE that names the wall clock,
// every stop and the host's load, after 1 + kWallRetries runs; not cached.
TEST(Compiler, RepeatedWallStopsAreACompileErrorNamingTheWallClock) {
  Fixture f;
  FakeSandbox sandbox([](const RunSpec&, std::string*) { return StoppedByTheWallClock(120); });
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_FALSE(r->ok);
  EXPECT_FALSE(r->rejected);
  EXPECT_EQ(sandbox.specs.size(), static_cast<std::size_t>(1 + kWallRetries));
  EXPECT_EQ(r->attempts, 1 + kWallRetries);
  EXPECT_EQ(r->message.rfind("the compiler exceeded its wall time limit of 300000 ms; the wall clock decided: "
                             "stopped on each of 3 attempts with its CPU time under the 30000 ms limit "
                             "(60000 ms wall, 120 ms CPU; 60000 ms wall, 120 ms CPU; 60000 ms wall, 120 ms CPU); "
                             "host load ",
                             0),
            0u)
      << r->message;
  // The compiler printed nothing: the log says why it stopped.
  EXPECT_NE(r->log.find("judge: the wall clock decided: stopped on each of 3 attempts"), std::string::npos) << r->log;
  auto again = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_TRUE(again.ok());
  EXPECT_FALSE(again->from_cache);
  EXPECT_EQ(sandbox.specs.size(), static_cast<std::size_t>(2 * (1 + kWallRetries)));
}

TEST(Compiler, TheLogIsCapped) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "chatty"), CppProfile(), f.Work());
  ASSERT_TRUE(r.ok());
  EXPECT_LT(r->log.size(), 65 * 1024u);
  EXPECT_NE(r->log.find("truncated at 64 KiB"), std::string::npos);
}

TEST(Compiler, CachesBySourceAndProfile) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  std::string src = f.Source("a.cpp", "int main(){return 0;}");
  auto first = compiler.Compile(src, CppProfile(), f.Work());
  ASSERT_TRUE(first.ok());
  EXPECT_FALSE(first->from_cache);
  auto second = compiler.Compile(src, CppProfile(), f.Work());
  ASSERT_TRUE(second.ok());
  EXPECT_TRUE(second->from_cache);
  EXPECT_TRUE(second->ok);
  EXPECT_EQ(ReadFile(second->program.dir + "/main"), "binary of int main(){return 0;}");
  EXPECT_EQ(sandbox.specs.size(), 1u);
  // Each judging has the program in its own directory, never in the cache's.
  EXPECT_NE(second->program.dir, first->program.dir);
  EXPECT_EQ(second->program.dir.rfind(f.cache, 0), std::string::npos) << second->program.dir;
  // Another profile (flags) or another source compiles again.
  LanguageProfile other = CppProfile();
  other.compile[1] = "-O0";
  ASSERT_TRUE(compiler.Compile(src, other, f.Work()).ok());
  ASSERT_TRUE(compiler.Compile(f.Source("b.cpp", "int main(){return 1;}"), CppProfile(), f.Work()).ok());
  EXPECT_EQ(sandbox.specs.size(), 3u);
  // A compiler error is cached too, with its log.
  std::string bad = f.Source("c.cpp", "syntax error");
  ASSERT_TRUE(compiler.Compile(bad, CppProfile(), f.Work()).ok());
  auto cached_ce = compiler.Compile(bad, CppProfile(), f.Work());
  ASSERT_TRUE(cached_ce.ok());
  EXPECT_TRUE(cached_ce->from_cache);
  EXPECT_FALSE(cached_ce->ok);
  EXPECT_NE(cached_ce->log.find("expected unqualified-id"), std::string::npos);
  EXPECT_EQ(sandbox.specs.size(), 4u);
}

TEST(Compiler, AHalfWrittenCacheEntryIsIgnored) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  std::string src = f.Source("a.cpp", "int main(){}");
  auto first = compiler.Compile(src, CppProfile(), f.Work());
  ASSERT_TRUE(first.ok());
  const std::string entry = f.cache + "/" + CompileCacheKey(src, CppProfile(), "");
  ASSERT_EQ(unlink((entry + "/files/main").c_str()), 0);  // damaged entry
  auto second = compiler.Compile(src, CppProfile(), f.Work());
  ASSERT_TRUE(second.ok());
  EXPECT_FALSE(second->from_cache);
  EXPECT_TRUE(second->ok);
  EXPECT_EQ(ReadFile(second->program.dir + "/main"), "binary of int main(){}");
}

TEST(Compiler, ABinaryIsRunAsGiven) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.out", "\x7f" "ELF..."), BinaryProfile(), f.Work());
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r->ok);
  EXPECT_EQ(sandbox.specs.size(), 0u);
  EXPECT_EQ(r->program.argv, std::vector<std::string>{"./main"});
  struct stat st;
  ASSERT_EQ(stat((r->program.dir + "/main").c_str(), &st), 0);
  EXPECT_TRUE(st.st_mode & S_IXUSR);
}

TEST(Compiler, AnEmptySourceIsAnErrorNotAVerdict) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  Compiler compiler(&sandbox, f.Options());
  auto empty = compiler.Compile("", CppProfile(), f.Work());
  ASSERT_FALSE(empty.ok());
  EXPECT_EQ(empty.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(empty.status().message().find("the submission is empty"), std::string::npos);
  EXPECT_EQ(sandbox.specs.size(), 0u);
}

TEST(Compiler, ASandboxFailureIsTheJudges) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  sandbox.fail_next = true;
  Compiler compiler(&sandbox, f.Options());
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("compiling"), std::string::npos);
}

TEST(Compiler, AnUnwritableCacheOnlyCostsSpeed) {
  Fixture f;
  FakeSandbox sandbox(FakeCompile);
  CompilerOptions opt;
  opt.cache_dir = "/proc/judge-cache-cannot-exist";
  Compiler compiler(&sandbox, opt);
  auto r = compiler.Compile(f.Source("a.cpp", "int main(){}"), CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_TRUE(r->ok);
  EXPECT_EQ(ReadFile(r->program.dir + "/main"), "binary of int main(){}");
}

TEST(Compiler, TheCacheKeyCoversSourceProfileAndVersion) {
  LanguageProfile p = CppProfile();
  std::string k = CompileCacheKey("x", p, "g++ 12");
  EXPECT_NE(k, CompileCacheKey("y", p, "g++ 12"));
  EXPECT_NE(k, CompileCacheKey("x", p, "g++ 13"));
  LanguageProfile q = p;
  q.id = "cpp17";
  EXPECT_NE(k, CompileCacheKey("x", q, "g++ 12"));
  EXPECT_EQ(k, CompileCacheKey("x", p, "g++ 12"));
  EXPECT_EQ(k.size(), 64u);
}

LanguageProfile PythonProfile() {
  LanguageProfile p;
  p.id = "python3";
  p.extensions = {".py"};
  p.source_name = "main.py";
  p.compile = {"/usr/bin/python3", "-c", "check", "{source}"};
  p.run = {"/usr/bin/python3", "{source}"};
  p.artifacts = {"{source}"};
  return p;
}

// A fake compiler that leaves a binary and succeeds.
RunResult LeaveBinary(const RunSpec& spec, std::string*) {
  WriteFile(spec.work_dir + "/main", "binary");
  return Ok();
}

TEST(Compiler, AFolderCompilesEverySourceTheProfileTakes) {
  Fixture f;
  FakeSandbox sandbox(LeaveBinary);
  Compiler compiler(&sandbox, f.Options());
  std::vector<SourceFile> files = {{"util.cpp", "u", false}, {"main.cpp", "m", false}, {"util.h", "h", false},
                                   {"notes.txt", "n", false}};
  auto r = compiler.Compile(files, CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_TRUE(r->ok) << r->message;
  ASSERT_EQ(sandbox.specs.size(), 1u);
  const RunSpec& s = sandbox.specs[0];
  // "{source}" alone: the entry (named like the profile's source), then the others it compiles.
  EXPECT_EQ(std::vector<std::string>(s.argv.end() - 2, s.argv.end()), (std::vector<std::string>{"main.cpp", "util.cpp"}));
  EXPECT_EQ(ReadFile(s.work_dir + "/util.h"), "h");  // headers are there, not compiled
  // Every file goes to the run beside the binary (data files a program may open).
  EXPECT_EQ(r->program.files, (std::vector<std::string>{"main", "util.cpp", "main.cpp", "util.h", "notes.txt"}));
  EXPECT_EQ(r->program.argv, std::vector<std::string>{"./main"});
  // Cached by every file's name and bytes.
  auto again = compiler.Compile(files, CppProfile(), f.Work());
  ASSERT_TRUE(again.ok());
  EXPECT_TRUE(again->from_cache);
  files[2].bytes = "h2";
  ASSERT_TRUE(compiler.Compile(files, CppProfile(), f.Work()).ok());
  EXPECT_EQ(sandbox.specs.size(), 2u);
}

// The package's include/ files may sit in folders (Java packages): written there, the
// folders writable to the compiler (javac -d . writes pkg/Util.class beside the source).
// A name that leaves the compile folder is refused.
TEST(Compiler, FilesInFoldersStayInsideTheCompileFolder) {
  Fixture f;
  FakeSandbox sandbox(LeaveBinary);
  Compiler compiler(&sandbox, f.Options(false));
  std::vector<SourceFile> files = {{"main.cpp", "m", false}, {"lib/deep/util.h", "h", false}};
  auto r = compiler.Compile(files, CppProfile(), f.Work());
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_TRUE(r->ok) << r->message;
  const RunSpec& s = sandbox.specs.at(0);
  EXPECT_EQ(ReadFile(s.work_dir + "/lib/deep/util.h"), "h");
  struct stat st;
  ASSERT_EQ(::stat((s.work_dir + "/lib/deep").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0777u);
  for (const char* bad : {"../escape.cpp", "/etc/x.cpp", "lib//x.h", "lib/./x.h", "lib/../../x.h", "lib/"}) {
    auto refused = compiler.Compile({{"main.cpp", "m", false}, {bad, "x", false}}, CppProfile(), f.Work());
    ASSERT_FALSE(refused.ok()) << bad;
    EXPECT_EQ(refused.status().code(), StatusCode::kInvalidArgument) << bad;
  }
}

TEST(Compiler, AnInterpretedFolderNeedsAnEntryPoint) {
  Fixture f;
  FakeSandbox sandbox([](const RunSpec&, std::string*) { return Ok(); });
  Compiler compiler(&sandbox, f.Options(false));
  auto only = compiler.Compile({{"solve.py", "x", false}, {"lib.txt", "y", false}}, PythonProfile(), f.Work());
  ASSERT_TRUE(only.ok()) << only.status().message();
  ASSERT_TRUE(only->ok) << only->message;
  EXPECT_EQ(only->program.argv, (std::vector<std::string>{"/usr/bin/python3", "solve.py"}));
  auto main = compiler.Compile({{"a.py", "x", false}, {"main.py", "y", false}}, PythonProfile(), f.Work());
  ASSERT_TRUE(main.ok());
  EXPECT_EQ(main->program.argv, (std::vector<std::string>{"/usr/bin/python3", "main.py"}));
  auto unclear = compiler.Compile({{"a.py", "x", false}, {"b.py", "y", false}}, PythonProfile(), f.Work());
  ASSERT_TRUE(unclear.ok());
  EXPECT_FALSE(unclear->ok);  // CE, saying why
  EXPECT_EQ(unclear->message, "cannot tell which file is the entry point: name it main.py");
  auto bad = compiler.Compile({{"../x.py", "x", false}}, PythonProfile(), f.Work());
  EXPECT_FALSE(bad.ok());
}

TEST(Compiler, SourceFilesTravelAsOneString) {
  std::string bytes = EncodeSourceFiles({{"b.py", "print(2)\n", false}, {"a.py", std::string("x\0y\n", 4), false}});
  EXPECT_EQ(bytes, std::string("a.py\n4\nx\0y\nb.py\n9\nprint(2)\n", 27));
  auto back = DecodeSourceFiles(bytes);
  ASSERT_TRUE(back.ok()) << back.status().message();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_EQ((*back)[0].name, "a.py");
  EXPECT_EQ((*back)[0].bytes, std::string("x\0y\n", 4));
  EXPECT_EQ((*back)[1].bytes, "print(2)\n");
  for (const char* bad : {"", "a.py\n", "a.py\n9\nshort", "../a\n1\nx", "a\nx\n1", "a/b\n1\nx"})
    EXPECT_FALSE(DecodeSourceFiles(bad).ok()) << bad;
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

// A version command that fails says nothing of the version: "" (documented), never its
// error text (which would be shown as the compiler's version and enter the cache key).
TEST(ToolchainVersion, IsTheFirstLineOfASucceedingCommandOnly) {
  LanguageProfile ok;
  ok.version = {"sh", "-c", "echo; echo 'tool 9.1'; echo more"};
  EXPECT_EQ(ToolchainVersion(ok), "tool 9.1");
  LanguageProfile failing;
  failing.version = {"sh", "-c", "echo 'tool: no such option' >&2; exit 3"};
  EXPECT_EQ(ToolchainVersion(failing), "");
  // Some toolchains print their version on stderr (java -version).
  LanguageProfile on_stderr;
  on_stderr.version = {"sh", "-c", "echo 'openjdk 17.0.9' >&2"};
  EXPECT_EQ(ToolchainVersion(on_stderr), "openjdk 17.0.9");
  LanguageProfile missing;
  missing.version = {"judge-no-such-toolchain", "--version"};
  EXPECT_EQ(ToolchainVersion(missing), "");
}

}  // namespace
}  // namespace judge
