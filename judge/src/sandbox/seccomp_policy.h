// The seccomp filter every sandboxed program runs under: everything is allowed except
// the system calls that reach outside the run (other processes, the kernel's global
// state, namespaces, mounts, time, modules). Denied calls fail with EPERM (clone3 with
// ENOSYS, so libc falls back to clone, whose flags the filter can inspect; socket
// families outside an allowlist with EAFNOSUPPORT), so runtimes that probe features
// keep working.
//
// The filter is compiled into classic BPF (libseccomp) once per slot keeper, at its
// start (keeper_main.cc): a judge process never compiles it for its runs (that took
// about 0.8 ms of every `judge run`). The child installs it with one prctl() just
// before exec, without allocating.
#ifndef JUDGE_SRC_SANDBOX_SECCOMP_POLICY_H_
#define JUDGE_SRC_SANDBOX_SECCOMP_POLICY_H_

#include <linux/filter.h>

#include <string_view>
#include <vector>

#include "judge/base/status.h"

namespace judge::sandbox {

// The names of the denied system calls (those this architecture lacks are skipped).
const std::vector<std::string_view>& DeniedSyscalls();

// The socket families a program may create (AF_UNIX, and AF_INET/AF_INET6, which the
// run's empty network namespace isolates). Every other family fails with EAFNOSUPPORT:
// network namespaces do not isolate all of them (AF_VSOCK reaches the hypervisor).
const std::vector<int>& AllowedSocketFamilies();

// clone() flags refused (new namespaces).
unsigned long DeniedCloneFlags();

// Compiles the filter for the native architecture. Other architectures' system call
// ABIs (i386 int 0x80, x32) kill the process. binary_tree: the rules as a binary tree
// (what the sandbox installs); false: as libseccomp's plain list of comparisons, the
// same decisions (for tools/bench/runpath/kernel_costs).
Result<std::vector<sock_filter>> BuildSeccompFilter(bool binary_tree = true);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SECCOMP_POLICY_H_
