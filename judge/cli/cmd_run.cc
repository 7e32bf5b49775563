// judge run [limits] [--stdin F] [--stdout F] [--stderr F] [--dir D] [--json]
//           -- <program> [args...]
// One sandboxed run, and its measurement: status (OK TLE MLE OLE RE JE), CPU and wall
// time, peak memory, exit code or signal, output bytes, the kill reason and which
// method measured time and memory. Human-readable on stdout, or one JSON object.
//
// Without --dir the program runs in a fresh temporary directory (removed afterwards)
// and a program given as a host file path (contains '/', outside the system
// directories) is copied there first, so `judge run -- ./a.out` never hands the
// caller's own directory to the sandbox's uid. With --dir, that directory is the
// work directory as is (it becomes owned by the run's uid).
//
// Exit: 0 when the status is OK, 1 for any other status, 3 when the judge failed (JE).
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/files.h"
#include "judge/base/paths.h"
#include "judge/base/scratch_dir.h"
#include "judge/base/terminal.h"
#include "judge/sandbox/sandbox.h"

namespace judge::cli {
namespace {

namespace fs = std::filesystem;

struct RunOptions {
  SandboxLimits limits;
  std::string stdin_path, stdout_path, stderr_path, dir;
  std::vector<std::string> env;
  std::vector<std::string> command;
  bool json = false;
};

// What --stdin defaults to, and may also name: the sandbox's own empty stdin (it
// takes regular files only, so this name is not opened on the host).
constexpr char kNoInput[] = "/dev/null";

// A host file the caller names by path ("./a.out", "/home/x/prog"), as opposed to a
// system program ("/usr/bin/python3") or a PATH name ("python3").
bool IsHostProgramFile(const std::string& p) {
  if (p.find('/') == std::string::npos) return false;
  for (const char* sys : {"/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/lib32/"})
    if (p.rfind(sys, 0) == 0) return false;
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

// A temporary work directory, removed however the run ends.
// The spec of the run; without --dir, the work directory is *temp (a host program
// file copied into it).
Result<RunSpec> MakeSpec(const RunOptions& o, ScratchDir* temp) {
  RunSpec spec;
  spec.argv = o.command;
  spec.limits = o.limits;
  // Outputs named relative to the caller's directory, not the run's.
  auto absolute = [](const std::string& p) { return p.empty() ? p : fs::absolute(p).string(); };
  spec.stdin_path = o.stdin_path == kNoInput ? "" : absolute(o.stdin_path);
  spec.stdout_path = absolute(o.stdout_path);
  spec.stderr_path = absolute(o.stderr_path);
  if (!o.dir.empty()) {
    spec.work_dir = fs::absolute(o.dir).string();
  } else {
    JUDGE_ASSIGN_OR_RETURN(*temp, ScratchDir::Make(DefaultScratchRoot(), "judge-run-"));
    spec.work_dir = temp->path();
    if (IsHostProgramFile(o.command[0])) {
      std::string name = BaseName(o.command[0]);
      JUDGE_RETURN_IF_ERROR(judge::fs::CopyFile(o.command[0], temp->path() + "/" + name, 0755)
                                .WithContext("copying the program into the work directory"));
      spec.argv[0] = "./" + name;
    }
  }
  spec.env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=" + spec.work_dir};
  for (const auto& e : o.env) spec.env.push_back(e);
  return spec;
}

void PrintResult(const RunOptions& o, const RunResult& r) {
  if (o.json) {
    PrintJson({{"status", std::string(RunStatusCode(r.status))},
               {"cpu_ms", r.cpu_ms},
               {"wall_ms", r.wall_ms},
               {"memory_kib", r.memory_kib},
               {"exit_code", r.exit_code},
               {"signal", r.signal},
               {"output_bytes", r.output_bytes},
               {"kill_reason", std::string(KillReasonName(r.kill_reason))},
               {"time_method", r.time_method},
               {"memory_method", r.memory_method},
               {"disk_kib", r.disk_kib},
               {"disk_method", r.disk_method},
               {"message", r.message}});
    return;
  }
  std::cout << "status:       " << RunStatusCode(r.status) << (r.message.empty() ? "" : " (" + EscapeForTerminal(r.message) + ")") << "\n"
            << "cpu:          " << r.cpu_ms << " ms (limit " << o.limits.cpu_time_ms << " ms, by " << r.time_method
            << ")\n"
            << "wall:         " << r.wall_ms << " ms (limit " << o.limits.wall_time_ms << " ms)\n"
            << "memory:       " << r.memory_kib << " KiB (limit " << o.limits.memory_kib << " KiB, by "
            << r.memory_method << ")\n"
            << "exit:         "
            << (r.signal != 0 ? "signal " + std::to_string(r.signal) : "code " + std::to_string(r.exit_code)) << "\n"
            << "output:       " << r.output_bytes << " bytes (limit " << o.limits.output_kib * 1024 << ")\n"
            << "disk:         " << r.disk_kib << " KiB written in the work directory (by " << r.disk_method << ")\n"
            << "kill reason:  " << KillReasonName(r.kill_reason) << "\n";
}

int DoRun(const RunOptions& o) {
  auto fail = [&](const Status& st) {
    if (o.json) PrintJson({{"status", "JE"}, {"message", st.message()}});
    return ReportError("run", st);
  };
  Result<std::unique_ptr<Sandbox>> sandbox = CreateSandbox(SandboxOptions{});
  if (!sandbox.ok()) return fail(sandbox.status());
  ScratchDir temp;
  Result<RunSpec> spec = MakeSpec(o, &temp);
  if (!spec.ok()) return fail(spec.status());
  Result<RunResult> ran = (*sandbox)->Run(*spec);
  if (!ran.ok()) return fail(ran.status());
  PrintResult(o, *ran);
  return ran->status == RunStatus::kOk ? kExitOk : kExitNegative;
}

}  // namespace

void RegisterRun(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<RunOptions>();
  auto* cmd = app.add_subcommand("run", "Run one program in the sandbox and print its measurement");
  // A limit out of the sandbox's range is a bad command line (exit 64), named by its
  // option, not a judge failure.
  struct Limit {
    const char* flag;
    int64_t* value;
    int64_t min, max;
    const char* help;
  };
  for (const Limit& l :
       {Limit{"--time-ms", &o->limits.cpu_time_ms, 1, kMaxLimitMs, "CPU time limit of the whole process tree (ms)"},
        Limit{"--wall-ms", &o->limits.wall_time_ms, 1, kMaxLimitMs, "wall time limit (ms)"},
        Limit{"--memory-kib", &o->limits.memory_kib, kMinMemoryKib, kMaxLimitKib, "resident memory limit of the tree (KiB)"},
        Limit{"--output-kib", &o->limits.output_kib, 0, kMaxLimitKib, "output limit: stdout + stderr, and each file (KiB)"},
        Limit{"--stack-kib", &o->limits.stack_kib, 0, kMaxLimitKib, "stack limit (KiB); 0: the memory limit"}})
    cmd->add_option(l.flag, *l.value, l.help)->capture_default_str()->check(CLI::Range(l.min, l.max));
  cmd->add_option("--processes", o->limits.max_processes, "processes + threads alive at once")
      ->capture_default_str()
      ->check(CLI::Range(int64_t{1}, kMaxLimitCount));
  struct Path {
    const char* flag;
    std::string* value;
    const char* help;
  };
  for (const Path& p : {Path{"--stdin", &o->stdin_path, "file for the program's stdin (default: /dev/null)"},
                        Path{"--stdout", &o->stdout_path, "file for the program's stdout (default: counted, discarded)"},
                        Path{"--stderr", &o->stderr_path, "file for the program's stderr (default: counted, discarded)"},
                        Path{"--dir", &o->dir, "work directory (default: a fresh temporary one)"}})
    cmd->add_option(p.flag, *p.value, p.help);
  // What must be there already, named by its option (exit 64) rather than found missing by the sandbox.
  cmd->get_option("--stdin")->check(CLI::Validator(
      [](std::string& path) -> std::string {
        struct stat st;  // lstat: the sandbox opens it without following a link
        if (path == kNoInput) return "";
        if (::lstat(path.c_str(), &st) != 0) return "File does not exist: " + path;
        if (S_ISREG(st.st_mode)) return "";
        return "expected a regular file, found a " + std::string(judge::fs::FileKindName(st.st_mode)) + ": " + path;
      },
      "FILE"));
  cmd->get_option("--dir")->check(CLI::ExistingDirectory);
  cmd->add_flag("--reserved-memory-counts", o->limits.reserved_memory_counts,
                "stopped at a time limit with more writable memory mapped than the limit: MLE (native code)");
  cmd->add_option("--env", o->env, "extra environment variable KEY=VALUE (repeatable)");
  cmd->add_flag("--json", o->json, "print one JSON object");
  cmd->add_option("command", o->command, "-- program [args...]")->required();
  cmd->callback([o, exit_code] { *exit_code = DoRun(*o); });
}

}  // namespace judge::cli
