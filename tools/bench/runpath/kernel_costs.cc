// What the kernel charges for each piece of a run's isolation, on this host: a child
// cloned, made to do one thing, exited and reaped, against a child that only exits
// (medians of interleaved samples). The pieces are those every sandboxed run pays
// (docs/sandbox.md, "Speed"): a pid namespace, a mount namespace (a copy of the
// host's mounts, torn down at exit), an IPC, a UTS and a network namespace, and the
// judge's seccomp filter; and what a session's init does per test instead of making
// new ones: the pid counter written back (ns_last_pid). Then what installing a filter
// costs alone, timed inside the child: the judge's, and filters that allow everything
// in 1 and in 256 instructions (the kernel checks, converts and compiles a filter, and
// emulates it once for every system call number when it is installed: a cost that
// grows with the paths a system call takes through the filter, all 256 instructions in
// the second). Then an init cloned as the keeper clones one per submission, sharing
// this process's memory or with a copy of it. Then the tmpfs a run's disk layer (and a
// session run's /tmp) is, mounted and detached, timed in this process.
//
// Last, a tiny test's floor: the tiny A+B binary of runpath_bench run on one input
// with the least isolation that still lets nothing cross tests, done by this one
// process with no hand-off to another (no judge, keeper or init): a fresh tmpfs as
// the disk layer, an overlay of the work directory on it, a fresh tmpfs for /tmp and
// /dev/shm, the program cloned into a new pid namespace (the cheapest fresh pid
// counter, above) under the judge's seccomp filter, and with cgroup v1 the memory peak
// reset and the CPU and memory counters read; against the same binary cloned and run
// bare on the same input (interleaved). What is left between the floor and `judge
// grade`'s time a test is what the sandbox's processes and the judge add.
//
//   kernel_costs [samples=400]   (as root)
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "seccomp_policy.h"

namespace {

using Clock = std::chrono::steady_clock;

// Clones a child that runs `work` (a non-zero return: it failed) and exits; returns
// the microseconds from clone to reap, or -1 when the child failed.
double Sample(unsigned long clone_flags, const std::function<int()>& work) {
  auto t0 = Clock::now();
  pid_t pid = static_cast<pid_t>(syscall(SYS_clone, clone_flags | SIGCHLD, 0, 0, 0, 0));
  if (pid == 0) _exit(work ? work() : 0);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Microseconds a child spends in prctl(PR_SET_SECCOMP) installing `f`, or -1.
double InstallMicros(const std::vector<sock_filter>& f) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return -1;
  pid_t pid = static_cast<pid_t>(syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0));
  if (pid == 0) {
    struct sock_fprog prog = {static_cast<unsigned short>(f.size()), const_cast<sock_filter*>(f.data())};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) _exit(1);
    auto t0 = Clock::now();
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0) _exit(1);
    double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    _exit(write(pipe_fds[1], &us, sizeof us) == sizeof us ? 0 : 1);
  }
  double us = -1;
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
      read(pipe_fds[0], &us, sizeof us) != sizeof us)
    us = -1;
  close(pipe_fds[0]);
  close(pipe_fds[1]);
  return us;
}

// A filter that allows every system call, in `n` instructions (n - 1 loads first).
std::vector<sock_filter> AllowAll(std::size_t n) {
  std::vector<sock_filter> f(n - 1, sock_filter BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0));
  f.push_back(sock_filter BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW));
  return f;
}

// What a session's init does before each later run: the pid counter set back.
int WriteLastPid() {
  int fd = open("/proc/sys/kernel/ns_last_pid", O_WRONLY | O_CLOEXEC);
  if (fd < 0) return 1;
  const bool ok = write(fd, "2", 1) == 1;
  close(fd);
  return ok ? 0 : 1;
}

// Microseconds to mount a small tmpfs at dir and detach it again (a run's disk layer,
// or its /tmp and /dev/shm), or -1.
double TmpfsMicros(const char* dir) {
  auto t0 = Clock::now();
  if (mount("judge-bench", dir, "tmpfs", MS_NOSUID | MS_NODEV, "size=1048576,nr_inodes=64") != 0) return -1;
  if (umount2(dir, MNT_DETACH) != 0) return -1;
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

// Microseconds from clone to reap of an init cloned as the keeper clones its run's
// (a new pid namespace, a stack of its own), sharing this process's memory (CLONE_VM)
// or given a copy of it (its page tables copied, and torn down at its exit), or -1.
int InitExits(void*) { return 0; }
alignas(64) char init_stack[64 * 1024];
double InitCloneMicros(bool share_memory) {
  auto t0 = Clock::now();
  pid_t pid = clone(InitExits, init_stack + sizeof init_stack, (share_memory ? CLONE_VM : 0) | CLONE_NEWPID | SIGCHLD,
                    nullptr);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

// This process's resident and mapped memory (kB), for the size the copy is of.
std::string MemoryOfSelf() {
  std::ifstream in("/proc/self/status");
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0 || line.rfind("VmSize:", 0) == 0) out += (out.empty() ? "" : ", ") + line;
  return out;
}

int HostMounts() {
  std::ifstream in("/proc/self/mountinfo");
  int n = 0;
  for (std::string line; std::getline(in, line);) ++n;
  return n;
}

// The tiny test's floor (see the top). Paths under one temporary base directory.
struct FloorPaths {
  std::string base, work, layer, root, out;
};

// This process's cgroup v1 counters, as a judge reads them per test; fds -1 without v1.
struct V1Counters {
  int max_usage = -1, cpu = -1;
  bool Reset() const { return max_usage < 0 || pwrite(max_usage, "0", 1, 0) == 1; }
  bool Read() const {
    char buf[64];
    return max_usage < 0 || (pread(max_usage, buf, sizeof buf, 0) > 0 && pread(cpu, buf, sizeof buf, 0) > 0);
  }
};

// What the program's child is given, made before the clone: it shares this process's
// memory (as posix_spawn's child does) and must not allocate.
struct FloorChild {
  const char* in;
  const char* out;
  const char* binary;
  const std::vector<sock_filter>* filter;  // null: none installed
};

// The program: stdin and stdout redirected, the filter installed, the binary run.
int ExecSum(void* arg) {
  const auto* c = static_cast<const FloorChild*>(arg);
  int in = open(c->in, O_RDONLY | O_CLOEXEC);
  int out = open(c->out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (in < 0 || out < 0 || dup2(in, 0) != 0 || dup2(out, 1) != 1) _exit(1);
  if (c->filter != nullptr) {
    struct sock_fprog prog = {static_cast<unsigned short>(c->filter->size()),
                              const_cast<sock_filter*>(c->filter->data())};
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) != 0)
      _exit(1);
  }
  char* argv[] = {const_cast<char*>("sum"), nullptr};
  char* envp[] = {nullptr};
  execve(c->binary, argv, envp);
  _exit(1);
}

// Microseconds for one test, isolated (the floor) or bare, or -1. Both clone the
// program as posix_spawn does (shared memory, the parent waiting for its exec).
alignas(64) char floor_stack[64 * 1024];
double FloorTestMicros(const FloorPaths& p, const std::vector<sock_filter>& filter, const V1Counters& cg,
                       bool isolated) {
  const std::string overlay = "lowerdir=" + p.work + ",upperdir=" + p.layer + "/u,workdir=" + p.layer + "/w";
  const std::string dir = isolated ? p.root : p.work, in = dir + "/in", binary = dir + "/sum";
  const std::string tmp = p.root + "/tmp", upper = p.layer + "/u", work = p.layer + "/w";
  FloorChild child = {in.c_str(), p.out.c_str(), binary.c_str(), isolated ? &filter : nullptr};
  auto t0 = Clock::now();
  if (isolated && (!cg.Reset() ||
                   mount("floor-layer", p.layer.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=16m") != 0 ||
                   mkdir(upper.c_str(), 0755) != 0 || mkdir(work.c_str(), 0755) != 0 ||
                   mount("floor-root", p.root.c_str(), "overlay", MS_NOSUID | MS_NODEV, overlay.c_str()) != 0 ||
                   mount("floor-tmp", tmp.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, "size=16m") != 0))
    return -1;
  pid_t pid = clone(ExecSum, floor_stack + sizeof floor_stack,
                    CLONE_VM | CLONE_VFORK | (isolated ? CLONE_NEWPID : 0) | SIGCHLD, &child);
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  if (isolated && (!cg.Read() || umount2(tmp.c_str(), MNT_DETACH) != 0 || umount2(p.root.c_str(), MNT_DETACH) != 0 ||
                   umount2(p.layer.c_str(), MNT_DETACH) != 0))
    return -1;
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}

// Makes the floor's directories (the work directory holds the binary, its input and
// an empty tmp/) in a private mount namespace of this process; false on failure.
bool MakeFloor(FloorPaths* p, V1Counters* cg) {
  char base[] = "/tmp/kernel-costs-floor-XXXXXX";
  if (mkdtemp(base) == nullptr || unshare(CLONE_NEWNS) != 0 ||
      mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    return false;
  p->base = base;
  p->work = p->base + "/work", p->layer = p->base + "/layer", p->root = p->base + "/root", p->out = p->base + "/out";
  std::error_code ec;
  for (const auto& d : {p->work, p->work + "/tmp", p->layer, p->root}) std::filesystem::create_directory(d, ec);
  std::filesystem::copy_file(SUM_BINARY, p->work + "/sum", ec);
  if (ec) return false;
  std::ofstream(p->work + "/in") << "1 2\n";
  const std::string v1 = "/sys/fs/cgroup/memory/kernel-costs-floor";
  if (mkdir(v1.c_str(), 0755) == 0 || errno == EEXIST) {
    std::ofstream(v1 + "/tasks") << getpid() << "\n";
    std::ofstream("/sys/fs/cgroup/cpuacct/tasks") << getpid() << "\n";
    cg->max_usage = open((v1 + "/memory.max_usage_in_bytes").c_str(), O_RDWR | O_CLOEXEC);
    cg->cpu = open("/sys/fs/cgroup/cpuacct/cpuacct.usage", O_RDONLY | O_CLOEXEC);
    if (cg->max_usage < 0 || cg->cpu < 0) cg->max_usage = cg->cpu = -1;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 400;
  auto filter = judge::sandbox::BuildSeccompFilter();
  auto list = judge::sandbox::BuildSeccompFilter(/*binary_tree=*/false);
  if (!filter.ok() || !list.ok()) {
    std::fprintf(stderr, "kernel_costs: %s\n", (filter.ok() ? list : filter).status().ToString().c_str());
    return 3;
  }
  auto install = [](const std::vector<sock_filter>& f) {
    struct sock_fprog prog = {static_cast<unsigned short>(f.size()), const_cast<sock_filter*>(f.data())};
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) | prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0);
  };
  struct Piece {
    const char* name;
    unsigned long clone_flags;
    std::function<int()> work;
  };
  const std::vector<Piece> pieces = {
      {"clone, exit, reap (the baseline)", 0, nullptr},
      {"a new pid namespace", CLONE_NEWPID, nullptr},
      {"a new mount namespace", 0, [] { return unshare(CLONE_NEWNS); }},
      {"a new IPC namespace", 0, [] { return unshare(CLONE_NEWIPC); }},
      {"a new UTS namespace", 0, [] { return unshare(CLONE_NEWUTS); }},
      {"a new network namespace", 0, [] { return unshare(CLONE_NEWNET); }},
      {"a pid namespace + ns_last_pid written", CLONE_NEWPID, WriteLastPid},
      {"the judge's seccomp filter (a tree)", 0, [&] { return install(*filter); }},
      {"the same rules as a list", 0, [&] { return install(*list); }},
  };
  std::vector<std::vector<double>> times(pieces.size());
  for (int s = 0; s < samples; ++s) {
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      double us = Sample(pieces[i].clone_flags, pieces[i].work);
      if (us < 0) {
        std::fprintf(stderr, "kernel_costs: %s failed (root is needed)\n", pieces[i].name);
        return 3;
      }
      times[i].push_back(us);
    }
  }
  const double base = Median(times[0]);
  std::printf("%d interleaved samples each; this host has %d mounts; the filter has %zu instructions (%zu as a list)\n",
              samples, HostMounts(), filter->size(), list->size());
  std::printf("  %-36s median %7.1f us\n", pieces[0].name, base);
  for (std::size_t i = 1; i < pieces.size(); ++i)
    std::printf("  %-36s %+7.1f us over the baseline\n", pieces[i].name, Median(times[i]) - base);

  const std::vector<std::pair<std::string, std::vector<sock_filter>>> filters = {
      {"the judge's filter (" + std::to_string(filter->size()) + " instructions)", *filter},
      {"an allow-all filter of 1 instruction", AllowAll(1)},
      {"an allow-all filter of 256 (a path of 256)", AllowAll(256)},
  };
  std::vector<std::vector<double>> installs(filters.size());
  for (int s = 0; s < samples; ++s) {
    for (std::size_t i = 0; i < filters.size(); ++i) {
      double us = InstallMicros(filters[i].second);
      if (us < 0) {
        std::fprintf(stderr, "kernel_costs: installing %s failed\n", filters[i].first.c_str());
        return 3;
      }
      installs[i].push_back(us);
    }
  }
  std::printf("installing a seccomp filter, timed in the child (%d samples each)\n", samples);
  for (std::size_t i = 0; i < filters.size(); ++i)
    std::printf("  %-44s median %7.1f us\n", filters[i].first.c_str(), Median(installs[i]));

  std::vector<double> shared, copied;
  for (int s = 0; s < samples; ++s) {
    shared.push_back(InitCloneMicros(true));
    copied.push_back(InitCloneMicros(false));
  }
  if (std::min(*std::min_element(shared.begin(), shared.end()), *std::min_element(copied.begin(), copied.end())) < 0) {
    std::fprintf(stderr, "kernel_costs: cloning an init failed\n");
    return 3;
  }
  std::printf("an init cloned into a new pid namespace and reaped (%d interleaved samples; %s)\n", samples,
              MemoryOfSelf().c_str());
  std::printf("  %-44s median %7.1f us\n", "sharing the memory (CLONE_VM)", Median(shared));
  std::printf("  %-44s median %7.1f us\n", "with a copy of the memory", Median(copied));

  char dir[] = "/tmp/kernel-costs-XXXXXX";
  if (mkdtemp(dir) == nullptr) return 3;
  std::vector<double> tmpfs;
  for (int s = 0; s < samples; ++s) tmpfs.push_back(TmpfsMicros(dir));
  rmdir(dir);
  if (*std::min_element(tmpfs.begin(), tmpfs.end()) < 0) {
    std::fprintf(stderr, "kernel_costs: mounting a tmpfs failed\n");
    return 3;
  }
  std::printf("a tmpfs mounted and detached, timed in this process (%d samples)\n", samples);
  std::printf("  %-44s median %7.1f us\n", "mount + umount2(MNT_DETACH)", Median(tmpfs));

  FloorPaths paths;
  V1Counters cg;
  if (!MakeFloor(&paths, &cg)) {
    std::fprintf(stderr, "kernel_costs: making the floor's directories failed\n");
    return 3;
  }
  std::vector<double> bare, floor;
  for (int s = 0; s < samples; ++s) {
    bare.push_back(FloorTestMicros(paths, *filter, cg, false));
    floor.push_back(FloorTestMicros(paths, *filter, cg, true));
  }
  std::filesystem::remove_all(paths.base);
  std::ofstream("/sys/fs/cgroup/memory/tasks") << getpid() << "\n";
  rmdir("/sys/fs/cgroup/memory/kernel-costs-floor");
  if (std::min(*std::min_element(bare.begin(), bare.end()), *std::min_element(floor.begin(), floor.end())) < 0) {
    std::fprintf(stderr, "kernel_costs: a tiny test's floor failed\n");
    return 3;
  }
  std::printf("a tiny test's floor: A+B on one input, in this process alone (%d interleaved samples)\n", samples);
  std::printf("  %-44s median %7.1f us\n", "bare: spawned, run, reaped", Median(bare));
  std::printf("  %-44s median %7.1f us, %.2fx bare\n",
              cg.max_usage < 0 ? "isolated (no cgroup v1: counters not read)" : "isolated", Median(floor),
              Median(floor) / Median(bare));
  return 0;
}
