// The seccomp filter every sandboxed program runs under: everything is allowed except
// the system calls that reach outside the run (other processes, the kernel's global
// state, namespaces, mounts, time, modules) and those whose state outlives a run in
// its init's namespaces, where a session's later runs could read it (SysV IPC and
// POSIX message queues: their id counters; inet sockets: flow labels and the network
// namespace's counters; no contest language needs either). Denied calls fail with
// EPERM (clone3 with ENOSYS, so libc falls back to clone, whose flags the filter can
// inspect; sockets of any family but AF_UNIX, whose sockets die with their processes,
// with EAFNOSUPPORT: network namespaces do not isolate every family, AF_VSOCK reaches
// the hypervisor), so runtimes that probe features keep working.
//
// The filter is compiled into classic BPF (libseccomp) once per slot keeper, at its
// start (keeper/keeper_main.cc), and installed once per init, on its launcher thread
// (init/child_setup.h, the launcher), whose every program inherits it.
#ifndef JUDGE_SRC_SANDBOX_SECCOMP_POLICY_H_
#define JUDGE_SRC_SANDBOX_SECCOMP_POLICY_H_

#include <linux/filter.h>

#include <string_view>
#include <vector>

#include "judge/base/status.h"

namespace judge::sandbox {

// The names of the denied system calls (those this architecture lacks are skipped).
const std::vector<std::string_view>& DeniedSyscalls();

// clone() flags refused (new namespaces).
unsigned long DeniedCloneFlags();

// Compiles the filter for the native architecture. Other architectures' system call
// ABIs (i386 int 0x80, x32) kill the process. binary_tree: the rules as a binary tree
// (what the sandbox installs); false: as libseccomp's plain list of comparisons, the
// same decisions (for tools/bench/runpath/kernel_costs).
Result<std::vector<sock_filter>> BuildSeccompFilter(bool binary_tree = true);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_SECCOMP_POLICY_H_
