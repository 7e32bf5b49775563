// Sandbox overhead, measured side by side: the same trivial static binary run N times
// bare (fork + exec + wait) and N times through the sandbox with full isolation
// (namespaces, cgroups, seccomp, uid switch), interleaved so both see the same machine
// state. Prints both medians and the ratio. Target: sandboxed <= 4x bare.
//
//   sandbox_bench [runs=500]   (as root)
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "judge/sandbox/sandbox.h"

namespace {

using Clock = std::chrono::steady_clock;

double Ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double Percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<size_t>(p * (v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = argc > 1 ? std::atoi(argv[1]) : 500;
  const std::string program = TRIVIAL_BINARY;
  const std::string dir = "/tmp/judge-sandbox-bench";
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(program, dir + "/trivial", std::filesystem::copy_options::overwrite_existing);

  judge::SandboxOptions options;
  options.state_dir = "/tmp/judge-sandbox-bench-state";
  options.cgroup_name = "judge-bench";
  options.first_uid = 62000;
  options.slots = 2;
  auto sandbox = judge::CreateSandbox(options);
  if (!sandbox.ok()) {
    std::fprintf(stderr, "sandbox_bench: %s\n", sandbox.status().message().c_str());
    return 3;
  }
  judge::RunSpec spec;
  spec.argv = {"./trivial"};
  spec.work_dir = dir;
  spec.limits.cpu_time_ms = 1000;
  spec.limits.wall_time_ms = 2000;
  spec.limits.memory_kib = 64 * 1024;

  std::string method;
  std::vector<double> bare, boxed;
  for (int i = 0; i < runs + 10; ++i) {
    auto t0 = Clock::now();
    pid_t pid = ::fork();
    if (pid == 0) {
      ::execl(program.c_str(), "trivial", static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    auto t1 = Clock::now();
    auto r = (*sandbox)->Run(spec);
    auto t2 = Clock::now();
    if (!r.ok() || r->status != judge::RunStatus::kOk) {
      std::fprintf(stderr, "sandbox_bench: run %d failed: %s\n", i,
                   r.ok() ? r->message.c_str() : r.status().message().c_str());
      return 3;
    }
    method = r->time_method + " / " + r->memory_method;
    if (i < 10) continue;  // warm-up: first use of each slot creates its namespaces
    bare.push_back(Ms(t1 - t0));
    boxed.push_back(Ms(t2 - t1));
  }
  double mb = Median(bare), ms = Median(boxed);
  std::printf("runs: %d interleaved (after 10 warm-up), method %s\n", runs, method.c_str());
  std::printf("bare      fork+exec+wait: median %.3f ms  (p90 %.3f ms)\n", mb, Percentile(bare, 0.9));
  std::printf("sandboxed Sandbox::Run  : median %.3f ms  (p90 %.3f ms)\n", ms, Percentile(boxed, 0.9));
  std::printf("ratio sandboxed/bare    : %.2fx (target <= 4x)\n", ms / mb);
  std::filesystem::remove_all(dir);
  return 0;
}
