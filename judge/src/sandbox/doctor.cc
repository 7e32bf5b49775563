// judge doctor (judge/sandbox/sandbox_doctor.h): what of the sandbox works on this
// host, each probe in a throw-away child process.
#include <arpa/inet.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>

#include "judge/base/files.h"
#include "judge/base/scratch_dir.h"
#include "judge/sandbox/sandbox_doctor.h"
#include "run_disk.h"
#include "run_filesystem.h"
#include "run_slot.h"
#include "seccomp_policy.h"

namespace judge {
namespace {

// Runs `probe` in a forked child; its return value (0 = works, else an errno) comes
// back as the exit code.
int InChild(const std::function<int()>& probe) {
  pid_t pid = ::fork();
  if (pid < 0) return errno;
  if (pid == 0) _exit(probe());
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 255;
}

IsolationFeature Found(std::string name, bool available, std::string detail, bool required = true) {
  return IsolationFeature{std::move(name), available, required, std::move(detail)};
}

// A probe's outcome: rc 0 works, else the errno it failed with.
IsolationFeature Feature(std::string name, int rc, const std::string& tried, bool required = true) {
  return Found(std::move(name), rc == 0,
               tried + (rc == 0 ? ": works" : rc == 255 ? ": the probe crashed" : std::string(": ") + std::strerror(rc)),
               required);
}

int ProbeNamespace(int flag) {
  return InChild([flag] {
    if (::unshare(flag) != 0) return errno;
    if (flag != CLONE_NEWPID) return 0;
    pid_t p = ::fork();
    if (p < 0) return errno;
    if (p == 0) _exit(::getpid() == 1 ? 0 : EINVAL);
    int st = 0;
    ::waitpid(p, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 255;
  });
}

void ProbeNamespaces(std::vector<IsolationFeature>* out) {
  for (auto [name, flag] : {std::pair{"pid-namespace", CLONE_NEWPID}, std::pair{"mount-namespace", CLONE_NEWNS},
                            std::pair{"network-namespace", CLONE_NEWNET}, std::pair{"ipc-namespace", CLONE_NEWIPC},
                            std::pair{"uts-namespace", CLONE_NEWUTS}})
    out->push_back(Feature(name, ProbeNamespace(flag), std::string("unshare(") + name + ")"));
  out->push_back(Feature("user-namespace", ProbeNamespace(CLONE_NEWUSER), "unshare(user namespace)", false));
  // The keeper hands a run's host directories to an init that does not see the host's
  // paths as detached mounts (Linux 5.2).
  out->push_back(Feature("mount-api", InChild([] {
                           if (::syscall(SYS_open_tree, AT_FDCWD, "/", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC) < 0)
                             return errno;
                           return ::syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC) < 0 ? errno : 0;
                         }),
                         "open_tree(OPEN_TREE_CLONE) and fsopen, for the run's host directories"));
  out->push_back(Feature("no-network", InChild([] {
                           if (::unshare(CLONE_NEWNET) != 0) return errno;
                           int s = ::socket(AF_INET, SOCK_STREAM, 0);
                           if (s < 0) return 0;  // no sockets at all: isolated too
                           sockaddr_in a = {};
                           a.sin_family = AF_INET;
                           a.sin_port = htons(53);
                           ::inet_pton(AF_INET, "1.1.1.1", &a.sin_addr);
                           return ::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 ? EEXIST : 0;
                         }),
                         "connect to 1.1.1.1:53 from a new network namespace fails"));
}

// In a child: no_new_privs and the run's filter, then `check` under it.
int UnderFilter(const std::vector<sock_filter>& filter, const std::function<int()>& check) {
  return InChild([&] {
    sock_fprog prog = {static_cast<unsigned short>(filter.size()), const_cast<sock_filter*>(filter.data())};
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0)
      return errno;
    return check();
  });
}

void ProbePrivileges(const SandboxOptions& options, std::vector<IsolationFeature>* out) {
  out->push_back(Feature("uid-switch", InChild([&] {
                           uid_t u = static_cast<uid_t>(options.first_uid);
                           if (syscall(SYS_setgroups, 0, nullptr) != 0) return errno;
                           if (syscall(SYS_setresgid, u, u, u) != 0) return errno;
                           if (syscall(SYS_setresuid, u, u, u) != 0) return errno;
                           return ::getuid() == u && ::setuid(0) != 0 ? 0 : EPERM;
                         }),
                         "setresuid(" + std::to_string(options.first_uid) + ") and no way back"));
  out->push_back(Feature("no-new-privs", InChild([] {
                           if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
                           return ::prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) == 1 ? 0 : EINVAL;
                         }),
                         "prctl(PR_SET_NO_NEW_PRIVS)"));
  Result<std::vector<sock_filter>> filter = sandbox::BuildSeccompFilter();
  if (!filter.ok()) {
    out->push_back(Found("seccomp", false, filter.status().message()));
    out->push_back(Found("socket-allowlist", false, filter.status().message()));
    return;
  }
  // unshare must now be refused, even to root.
  out->push_back(Feature("seccomp",
                         UnderFilter(*filter, [] { return ::unshare(CLONE_NEWUTS) != 0 && errno == EPERM ? 0 : EINVAL; }),
                         "load the filter (" + std::to_string(filter->size()) + " BPF instructions); unshare refused"));
  out->push_back(Feature("socket-allowlist", UnderFilter(*filter, [] {
                           for (int family : {AF_VSOCK, AF_NETLINK, AF_PACKET, AF_INET, AF_INET6})
                             if (::socket(family, SOCK_DGRAM, 0) >= 0 || errno != EAFNOSUPPORT) return EINVAL;
                           return ::socket(AF_UNIX, SOCK_STREAM, 0) >= 0 ? 0 : errno;
                         }),
                         "only AF_UNIX sockets (AF_INET, AF_INET6, AF_VSOCK, AF_NETLINK, AF_PACKET refused)"));
}

// Cgroups: what is mounted, and whether a cgroup can be created.
void ProbeCgroups(const SandboxOptions& options, std::vector<IsolationFeature>* out) {
  sandbox::CgroupLayout layout = sandbox::DetectCgroupLayout("");
  sandbox::CgroupChoice c = sandbox::ChooseCgroups(layout, SandboxMethod::kCgroupV2);
  const bool v2 = c.method == SandboxMethod::kCgroupV2;
  out->push_back(Found("cgroup-v2", v2, v2 ? "memory and pids controllers at " + c.v2_root : c.why, false));
  for (const char* ctl : {"memory", "cpuacct", "pids", "freezer"}) {
    const std::string name = std::string("cgroup-v1-") + ctl;
    auto it = layout.v1_mounts.find(ctl);
    if (it == layout.v1_mounts.end()) {
      out->push_back(Found(name, false, "not mounted", false));
      continue;
    }
    sandbox::CgroupFiles files(it->second);
    std::string dir = options.cgroup_name + "-doctor";
    Status st = files.MakeDir(dir);
    const bool made = st.ok() && files.Exists(dir + "/cgroup.procs");
    if (st.ok()) (void)files.RemoveDir(dir);
    out->push_back(Found(name, made, st.ok() ? "created and removed a cgroup under " + it->second : st.message(), false));
  }
}

// End to end: the sandbox itself runs /bin/true.
IsolationFeature ProbeSandboxRun(const SandboxOptions& options) {
  Result<std::unique_ptr<Sandbox>> sb = CreateSandbox(options);
  if (!sb.ok()) return Found("sandbox-run", false, sb.status().message());
  std::string dir = options.state_dir + "-doctor-run";
  (void)fs::MakeDirs(dir);
  RunSpec spec;
  spec.argv = {"/bin/true"};
  spec.work_dir = dir;
  spec.limits.cpu_time_ms = 2000;
  spec.limits.wall_time_ms = 5000;
  Result<RunResult> r = (*sb)->Run(spec);
  (void)fs::RemoveTree(dir);
  if (!r.ok()) return Found("sandbox-run", false, r.status().message());
  return Found("sandbox-run", r->status == RunStatus::kOk,
               "/bin/true ran: " + std::string(RunStatusCode(r->status)) + ", time by " + r->time_method +
                   ", memory by " + r->memory_method + ", disk by " + r->disk_method +
                   (r->message.empty() ? "" : " (" + r->message + ")"));
}

// The runs' /etc in the state directory: found complete, made, or mended (and why).
IsolationFeature ProbeEtc(const SandboxOptions& options) {
  int slots = options.slots == 0 ? sandbox::kDefaultSlots : options.slots;
  Status state = sandbox::MakePrivateStateDir(options.state_dir).status();
  Result<sandbox::PreparedEtc> prepared =
      state.ok() ? sandbox::PrepareEtc(options.state_dir, options.first_uid, slots) : Result<sandbox::PreparedEtc>(state);
  return Found("sandbox-etc", prepared.ok(),
               prepared.ok() ? prepared->dir + ": " + prepared->how : prepared.status().message());
}

// Where the judge keeps its own state and the runs' scratch, and how it is mounted.
void ProbePlaces(const SandboxOptions& options, std::vector<IsolationFeature>* out) {
  const bool overlay = sandbox::OverlaySupported();
  out->push_back(Found("disk-quota", overlay,
                       overlay ? std::string(sandbox::kDiskQuotaMethod) +
                                     ": what a run writes in its work directory is bounded (default: its output limit)"
                               : "no overlayfs in /proc/filesystems: the sandbox needs it"));
  struct stat st;
  const bool state = ::lstat(options.state_dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) &&
                     st.st_uid == ::geteuid() && (st.st_mode & 07777) == 0700;
  out->push_back(Found("state-dir", state,
                       options.state_dir + (state ? ": a directory of uid " + std::to_string(st.st_uid) +
                                                        ", mode 0700, not a link"
                                                  : ": expected a private directory (mode 0700, ours, not a link)")));
  const std::string root = DefaultScratchRoot();
  const std::string mount = MountDescription(root);
  const bool scratch = mount.find("nosuid") != std::string::npos && mount.find("nodev") != std::string::npos;
  out->push_back(Found("scratch", scratch,
                       root + " (" + (mount.empty() ? "mount unknown" : mount) +
                           "): scratch directories 0700, removed on every path, reaped once their judge is gone" +
                           (scratch ? "" : "; not nosuid,nodev (run as root for the judge's own tmpfs)"),
                       false));
  const std::string path = options.keeper_path.empty() ? sandbox::DefaultKeeperPath() : options.keeper_path;
  const bool keeper = ::access(path.c_str(), X_OK) == 0;
  out->push_back(Found("sandbox-keeper", keeper,
                       path + (keeper ? ": starts each slot's runs" : ": missing (the build puts it beside judge)")));
}

}  // namespace

std::vector<IsolationFeature> ProbeIsolation(const SandboxOptions& options) {
  std::vector<IsolationFeature> out;
  out.push_back(Feature("root", ::geteuid() == 0 ? 0 : EPERM, "running as uid 0"));
  ProbeNamespaces(&out);
  ProbePrivileges(options, &out);
  ProbeCgroups(options, &out);
  if (::geteuid() == 0) out.push_back(ProbeEtc(options));  // before the run, which would mend it
  out.push_back(ProbeSandboxRun(options));
  ProbePlaces(options, &out);
  return out;
}

}  // namespace judge
