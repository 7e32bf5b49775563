// `judge doctor`: which isolation features work on this host, found by trying each
// one (in throw-away child processes), not by reading version numbers; and which
// protections are in force (the socket allowlist, the disk quota, the private state
// directory, where scratch goes and how it is mounted, the slots' keeper).
#ifndef JUDGE_SANDBOX_DOCTOR_H_
#define JUDGE_SANDBOX_DOCTOR_H_

#include <string>
#include <vector>

#include "judge/sandbox/sandbox.h"

namespace judge {

struct IsolationFeature {
  std::string name;     // e.g. "pid-namespace", "cgroup-v1-memory", "seccomp"
  bool available = false;
  bool required = true;  // false: the sandbox works without it (with less isolation)
  std::string detail;    // what was tried and what happened
};

// Probes every feature the sandbox uses, then runs /bin/true through CreateSandbox
// (options) as an end-to-end check. Takes about a second; not thread-safe with
// respect to other probes (they share the doctor's cgroup name).
std::vector<IsolationFeature> ProbeIsolation(const SandboxOptions& options);

}  // namespace judge

#endif  // JUDGE_SANDBOX_DOCTOR_H_
