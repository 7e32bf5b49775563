#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/seccomp.h>

#include <cerrno>
#include <cstring>
#include <functional>

#include "cgroup.h"
#include "judge/base/files.h"
#include "judge/base/scratch_dir.h"
#include "run_disk.h"
#include "slot_keeper.h"
#include "judge/sandbox/sandbox_doctor.h"
#include "seccomp_policy.h"
#include "state_dir.h"

namespace judge {

namespace {

using sandbox::CgroupFiles;

// Runs `probe` in a forked child; its return value (0 = works, else an errno) comes
// back as the exit code.
int InChild(const std::function<int()>& probe) {
  pid_t pid = ::fork();
  if (pid < 0) return errno;
  if (pid == 0) _exit(probe());
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 255;
}

IsolationFeature Feature(std::string name, int rc, const std::string& tried, bool required = true) {
  IsolationFeature f;
  f.name = std::move(name);
  f.available = rc == 0;
  f.required = required;
  f.detail = tried + (rc == 0 ? ": works" : rc == 255 ? ": the probe crashed" : std::string(": ") + std::strerror(rc));
  return f;
}

int ProbeNamespace(int flag) {
  return InChild([flag] {
    if (::unshare(flag) != 0) return errno;
    if (flag == CLONE_NEWPID) {
      pid_t p = ::fork();
      if (p < 0) return errno;
      if (p == 0) _exit(::getpid() == 1 ? 0 : EINVAL);
      int st = 0;
      ::waitpid(p, &st, 0);
      return WIFEXITED(st) ? WEXITSTATUS(st) : 255;
    }
    return 0;
  });
}

}  // namespace

namespace {

void ProbeNamespaces(std::vector<IsolationFeature>* out) {
  struct Ns {
    const char* name;
    int flag;
  };
  for (Ns ns : {Ns{"pid-namespace", CLONE_NEWPID}, Ns{"mount-namespace", CLONE_NEWNS},
                Ns{"network-namespace", CLONE_NEWNET}, Ns{"ipc-namespace", CLONE_NEWIPC},
                Ns{"uts-namespace", CLONE_NEWUTS}}) {
    out->push_back(Feature(ns.name, ProbeNamespace(ns.flag), std::string("unshare(") + ns.name + ")"));
  }
  out->push_back(Feature("user-namespace", ProbeNamespace(CLONE_NEWUSER), "unshare(user namespace)", false));
  // The keeper hands a run's host directories to an init that no longer sees the
  // host's paths as detached mounts (Linux 5.2).
  out->push_back(Feature("mount-api", InChild([] {
                           int tree = static_cast<int>(
                               ::syscall(SYS_open_tree, AT_FDCWD, "/", OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC));
                           if (tree < 0) return errno;
                           int fs = static_cast<int>(::syscall(SYS_fsopen, "tmpfs", FSOPEN_CLOEXEC));
                           return fs < 0 ? errno : 0;
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
    IsolationFeature f;
    f.name = "seccomp";
    f.detail = filter.status().message();
    out->push_back(f);
    return;
  }
  out->push_back(Feature("seccomp", InChild([&] {
                           if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
                           sock_fprog prog = {static_cast<unsigned short>(filter->size()), filter->data()};
                           if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) return errno;
                           // unshare must now be refused, even to root.
                           return ::unshare(CLONE_NEWUTS) != 0 && errno == EPERM ? 0 : EINVAL;
                         }),
                         "load the filter (" + std::to_string(filter->size()) + " BPF instructions); unshare refused"));
}

// Cgroups: what is mounted, and whether a cgroup can be created.
void ProbeCgroups(const SandboxOptions& options, std::vector<IsolationFeature>* out) {
  sandbox::CgroupLayout layout = sandbox::DetectCgroupLayout("");
  IsolationFeature v2;
  v2.name = "cgroup-v2";
  v2.required = false;
  sandbox::CgroupChoice c = sandbox::ChooseCgroups(layout, SandboxMethod::kCgroupV2);
  v2.available = c.method == SandboxMethod::kCgroupV2;
  v2.detail = v2.available ? "memory and pids controllers at " + c.v2_root : c.why;
  out->push_back(v2);
  for (const char* ctl : {"memory", "cpuacct", "pids", "freezer"}) {
    IsolationFeature f;
    f.name = std::string("cgroup-v1-") + ctl;
    f.required = false;
    auto it = layout.v1_mounts.find(ctl);
    if (it == layout.v1_mounts.end()) {
      f.detail = "not mounted";
    } else {
      CgroupFiles files(it->second);
      std::string dir = options.cgroup_name + "-doctor";
      Status st = files.MakeDir(dir);
      f.available = st.ok() && files.Exists(dir + "/cgroup.procs");
      f.detail = st.ok() ? "created and removed a cgroup under " + it->second : st.message();
      if (st.ok()) (void)files.RemoveDir(dir);
    }
    out->push_back(f);
  }
}

// End to end: the sandbox itself runs /bin/true.
IsolationFeature ProbeSandboxRun(const SandboxOptions& options) {
  IsolationFeature e2e;
  e2e.name = "sandbox-run";
  Result<std::unique_ptr<Sandbox>> sb = CreateSandbox(options);
  if (!sb.ok()) {
    e2e.detail = sb.status().message();
    return e2e;
  }
  std::string dir = options.state_dir + "-doctor-run";
  (void)fs::MakeDirs(dir);
  RunSpec spec;
  spec.argv = {"/bin/true"};
  spec.work_dir = dir;
  spec.limits.cpu_time_ms = 2000;
  spec.limits.wall_time_ms = 5000;
  Result<RunResult> r = (*sb)->Run(spec);
  (void)fs::RemoveTree(dir);
  if (!r.ok()) {
    e2e.detail = r.status().message();
    return e2e;
  }
  e2e.available = r->status == RunStatus::kOk;
  e2e.detail = "/bin/true ran: " + std::string(RunStatusCode(r->status)) + ", time by " + r->time_method +
               ", memory by " + r->memory_method + ", disk by " + r->disk_method +
               (r->message.empty() ? "" : " (" + r->message + ")");
  return e2e;
}

// The socket families outside the allowlist are refused under the run's filter.
IsolationFeature ProbeSocketAllowlist() {
  Result<std::vector<sock_filter>> filter = sandbox::BuildSeccompFilter();
  int rc = !filter.ok() ? EINVAL : InChild([&] {
    if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) return errno;
    sock_fprog prog = {static_cast<unsigned short>(filter->size()), filter->data()};
    if (::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) return errno;
    for (int family : {AF_VSOCK, AF_NETLINK, AF_PACKET, AF_INET, AF_INET6})
      if (::socket(family, SOCK_DGRAM, 0) >= 0 || errno != EAFNOSUPPORT) return EINVAL;
    int unix_socket = ::socket(AF_UNIX, SOCK_STREAM, 0);
    return unix_socket >= 0 ? 0 : errno;
  });
  return Feature("socket-allowlist", rc,
                 "only AF_UNIX sockets (AF_INET, AF_INET6, AF_VSOCK, AF_NETLINK, AF_PACKET refused)");
}

// The runs' /etc in the state directory: found complete, made, or mended (and why).
IsolationFeature ProbeEtc(const SandboxOptions& options) {
  IsolationFeature etc;
  etc.name = "sandbox-etc";
  int slots = options.slots == 0 ? sandbox::kDefaultSlots : options.slots;
  Status state = sandbox::MakePrivateStateDir(options.state_dir);
  Result<sandbox::PreparedEtc> prepared =
      state.ok() ? sandbox::PrepareEtc(options.state_dir, options.first_uid, slots) : Result<sandbox::PreparedEtc>(state);
  etc.available = prepared.ok();
  etc.detail = prepared.ok() ? prepared->dir + ": " + prepared->how : prepared.status().message();
  return etc;
}

// Where the judge keeps its own state and the runs' scratch, and how it is mounted.
void ProbePlaces(const SandboxOptions& options, std::vector<IsolationFeature>* out) {
  IsolationFeature disk;
  disk.name = "disk-quota";
  disk.required = false;
  disk.available = sandbox::OverlaySupported();
  disk.detail = disk.available ? std::string(sandbox::kDiskQuotaMethod) +
                                     ": what a run writes in its work directory is bounded (default: its output limit)"
                               : sandbox::kNoDiskQuotaMethod;
  out->push_back(disk);

  IsolationFeature state;
  state.name = "state-dir";
  struct stat st;
  state.available = ::lstat(options.state_dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == ::geteuid() &&
                    (st.st_mode & 07777) == 0700;
  state.detail = options.state_dir + (state.available ? ": a directory of uid " + std::to_string(st.st_uid) +
                                                            ", mode 0700, not a link"
                                                      : ": expected a private directory (mode 0700, ours, not a link)");
  out->push_back(state);

  IsolationFeature scratch;
  scratch.name = "scratch";
  const std::string root = DefaultScratchRoot();
  const std::string mount = MountDescription(root);
  scratch.available = mount.find("nosuid") != std::string::npos && mount.find("nodev") != std::string::npos;
  scratch.required = false;
  scratch.detail = root + " (" + (mount.empty() ? "mount unknown" : mount) +
                   "): scratch directories 0700, removed on every path, reaped once their judge is gone" +
                   (scratch.available ? "" : "; not nosuid,nodev (run as root for the judge's own tmpfs)");
  out->push_back(scratch);

  IsolationFeature keeper;
  keeper.name = "sandbox-keeper";
  const std::string path = options.keeper_path.empty() ? sandbox::DefaultKeeperPath() : options.keeper_path;
  keeper.available = ::access(path.c_str(), X_OK) == 0;
  keeper.detail = path + (keeper.available ? ": starts each slot's runs" : ": missing (the build puts it beside judge)");
  out->push_back(keeper);
}

}  // namespace

std::vector<IsolationFeature> ProbeIsolation(const SandboxOptions& options) {
  std::vector<IsolationFeature> out;
  out.push_back(Feature("root", ::geteuid() == 0 ? 0 : EPERM, "running as uid 0"));
  ProbeNamespaces(&out);
  ProbePrivileges(options, &out);
  ProbeCgroups(options, &out);
  out.push_back(ProbeSocketAllowlist());
  if (::geteuid() == 0) out.push_back(ProbeEtc(options));  // before the run, which would mend it
  out.push_back(ProbeSandboxRun(options));
  ProbePlaces(options, &out);
  return out;
}

}  // namespace judge
