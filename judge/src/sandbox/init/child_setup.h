// What runs between clone and exec: the two processes of a sandboxed run.
//
// Theory of operation. The slot's keeper (keeper_main.cc) clones the init I into a new
// pid namespace (I is its pid 1), as fork would: I has a copy of the keeper's memory,
// and shares with it only InitShared (below). I works in two parts, so that the first
// can be done before the run is asked for (the keeper prepares the next run's init
// while the judge concludes the last one):
//   1. PrepareInit: asks for SIGKILL when the keeper dies (PR_SET_PDEATHSIG), resets
//      SIGPIPE (the one signal the keeper ignores) and the signal mask, enters new mount,
//      IPC, UTS and network namespaces (the network namespace empty, not even
//      loopback up), builds the run-independent file system (a tmpfs root with the
//      system directories bind-mounted read-only, a prepared /etc, minimal /dev, a
//      fresh /proc for the new pid namespace, private /tmp and /dev/shm), pivots into
//      it and detaches the host's mounts: from then on nothing of the host is
//      reachable by path, and an init waiting for its run pins no host file system
//      but the system directories and /etc. Last, it starts the launcher L
//      (below), a thread of I that installs the seccomp filter on itself alone
//      and starts every program of this init;
//   2. RunInInit: installs the judge-opened stdin/stdout/stderr as fds 0-2, attaches
//      the run's host directories (the work directory's overlay, extra mounts), which
//      the keeper made in the host's mount namespace as detached mounts and passed as
//      descriptors, makes the root read-only, has L clone the program P (which joins
//      the run's cgroups itself: the setup's CPU time and kernel memory are not the
//      program's), sends the judge KeeperStarted with P's pidfd once P has exec'd
//      (keeper_protocol.h), closes every descriptor but the link and the judge's
//      connection, and reaps children until P exits (L's children are I's to reap: one
//      thread group); it records P's wait status, kills whatever is left in the
//      namespace (setsid-ed daemons included: kill(-1) from its pid 1, which spares
//      I's own threads, L among them) and reaps it. A session's I first sets the pid
//      counter back and mounts a fresh /tmp and /dev/shm, and detaches those two
//      before it returns (below). init_main.cc then sends KeeperEnded to the judge and
//      a copy to the keeper; a run on its own's I then exits, L with it; a session's I
//      detaches the run's other mounts (FinishSessionRun), says so to the keeper
//      (kRunDetached) and waits for the session's next run.
// I and L are root and the program is not, so the program cannot signal or inspect
// them. I dies with the keeper (PR_SET_PDEATHSIG, a SIGKILL to I's whole thread
// group); the keeper kills I when the judge's connection closes during a run, and I
// does not start P once the judge's pidfd says the judge is gone.
// P takes the default scheduler slice back, joins the run's cgroups (I never does: it
// is not the run's, and in a session it outlives the run), sets its oom_score_adj
// (1000), the rlimits and its nice value, changes to the work directory, drops to the
// slot's uid/gid with no supplementary groups and execs the program (only 0-2 and
// close-on-exec descriptors are open). no_new_privs and the seccomp filter P has from
// its birth: they are L's, inherited by its clone, so the kernel compiles the filter
// once per init, not once per program, and I, which must still mount for a session's
// later runs, never has it.
//
// P shares I's memory until it execs, as posix_spawn's child does (CLONE_VM |
// CLONE_VFORK, on a stack of its own; L, and I, wait meanwhile).
//
// Everything here runs between clone and exec: no allocation, no locks, only system
// calls (raw ones where glibc would consult thread state, e.g. setresuid). Every
// string and table is prepared in a ChildPlan beforehand.
#ifndef JUDGE_SRC_SANDBOX_CHILD_SETUP_H_
#define JUDGE_SRC_SANDBOX_CHILD_SETUP_H_

#include <linux/filter.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <time.h>

#include <cstddef>
#include <cstdint>

namespace judge::sandbox {

// One rlimit P sets (run_limits.h derives them). Declared here, not there: what runs
// between clone and exec includes no header of the judge's public API, whose inline
// functions allocate (tests/sandbox: sandbox_no_allocator).
struct RlimitValue {
  int resource = 0;
  rlim_t soft = 0;
  rlim_t hard = 0;
};

// How a run went, in InitShared: written by I (and by P until its exec), zeroed
// by the keeper before each run, sent to the judge with KeeperEnded (keeper_protocol.h).
struct ChildReport {
  int failed;            // setup failed (judge error): failed_errno and failed_what say where
  int failed_errno;
  char failed_what[160];
  int program_reaped;    // I saw P exit; program_status is its wait status
  int program_status;
  int exec_errno;        // exec of the program failed with this errno
  int64_t program_end_ns;  // CLOCK_MONOTONIC when I reaped P
  int64_t program_maxrss_kib;  // P's high-water resident set (and its reaped children's),
                               // file pages of its image included (wait4's ru_maxrss)
};

// One step of building the run's file system, executed in order by I.
struct FsOp {
  enum Kind : int {
    kMkdir,      // a (mode)
    kSymlink,    // a -> b
    kMount,      // mount(b, a, fstype, flags, data)
    kBind,       // bind b at a, then remount with flags (MS_RDONLY, MS_NOSUID...)
    kMknod,      // a (mode, dev)
    kPivotRoot,  // a becomes "/"
    kRemount,    // remount a with flags (e.g. the root's mount read-only, MS_BIND)
    kHostBind,     // a copy of the host's b (recursive) at a, then remounted with flags;
                   // after the pivot: the keeper attaches it (ChildPlan::mount_fds)
    kHostOverlay,  // an overlay (data: its options) at a, then remounted with flags;
                   // made by the keeper too.
  };
  Kind kind = kMkdir;
  const char* a = nullptr;
  const char* b = nullptr;
  const char* fstype = nullptr;
  const char* data = nullptr;
  unsigned long flags = 0;
  unsigned int mode = 0;
  dev_t dev = 0;
  bool optional = false;  // failure is ignored (e.g. a device the host lacks)
};

struct ChildPlan {
  // I
  int judge_pidfd = -1;            // pidfd of the judge process (-1: none): I does
                                   // not start P once the judge has died
  const int* procs_fds = nullptr;  // cgroup.procs files to write "0" to
  int procs_count = 0;
  int stdin_fd = -1, stdout_fd = -1, stderr_fd = -1;  // >= 3
  unsigned long unshare_flags = 0;  // the namespaces I creates (mount, IPC, UTS, network)
  const FsOp* fs_ops = nullptr;
  int fs_op_count = 0;
  int fs_base_count = 0;  // fs_ops[0, fs_base_count) are PrepareInit's, the rest RunInInit's
  const int* mount_fds = nullptr;  // a detached mount per kHost* op of RunInInit, in order
  int mount_count = 0;
  const char* hostname = "judge";
  // P
  const RlimitValue* rlimits = nullptr;
  int rlimit_count = 0;
  uid_t uid = 0;
  gid_t gid = 0;
  const char* cwd = "/";
  const sock_filter* filter = nullptr;
  unsigned short filter_len = 0;
  // Session runs (RunInInit): the mount options of each run's /tmp and /dev/shm
  // ("mode=1777,size=<bytes>").
  const char* scratch_options = nullptr;
  // P's nice value (RunSpec::nice), set before it drops its privileges. Judge -> keeper.
  int nice = 0;
  const char* program = nullptr;  // what P execs, with argv and envp (null-terminated)
  const char* const* argv = nullptr;
  const char* const* envp = nullptr;
  ChildReport* report = nullptr;
};

// Every signal's disposition back to the default and the signal mask empty: what the
// keeper does at its start (it inherits whatever the judge that spawned it ignored or
// blocked), so that I, its clone, has only the keeper's own SIGPIPE to undo.
void DefaultSignals();

// The keeper's scheduler slice, which I inherits: the shortest the kernel takes
// (0.1 ms; the default grows with the cores, 1.4 ms on a 2-core host). Under EEVDF a
// woken task with a shorter slice preempts the running one at once instead of
// waiting out its slice: the keeper and I, woken on a run's path (the keeper for the
// run; I for the hand-over, the program's exec and its end) and each time running for
// tens of microseconds, do not wait behind other work on a loaded host (measured with
// two spinning loads on 2 cores, 150 interleaved runs each: judge run of an empty
// binary 10.4 -> 7.2 ms and 9.7 -> 7.3 ms with the order swapped; docs/figures.md).
// P gets the default back (BecomeProgram).
inline constexpr uint64_t kHelperSliceNs = 100 * 1000;
void ShortenSchedulerSlice();

// Empties the capability bounding set and the ambient set of the calling process (it
// keeps its effective and permitted capabilities; it needs CAP_SETPCAP). Defense in
// depth, no_new_privs already forbidding privileges gained at exec: what the keeper
// does once at its start, so that every I and P, its clones, inherit empty sets and no
// run pays the 40-odd prctl calls.
void EmptyInheritedCapabilitySets();

// At most this many kHost* ops in one plan (descriptors I keeps until they are attached).
inline constexpr int kMaxMountFds = 16;

// Part 1 in I (the keeper's clone, pid 1 of a new pid namespace): the namespaces and
// fs_ops[0, fs_base_count), which must end with the pivot into the new root, then the
// launcher with the filter. Reads unshare_flags, hostname, the ops, the filter and
// report (where a failure is written before I exits with a status of 120).
// Descriptors are left alone.
void PrepareInit(const ChildPlan& plan);

// What a session's I carries from one run to the next: what it restores before each
// later run. Each run gets a fresh /tmp and /dev/shm (below).
struct SessionScratch {
  // /proc/sys/kernel/ns_last_pid as the session's first run found it (I and L made):
  // written back before every later run, so that each run's processes get the pids a
  // fresh init's would.
  char last_pid[24] = {};
  int last_pid_len = 0;
};

// Part 2 in I, once PrepareInit has returned: the run. Installs the judge-opened
// stdio, attaches the run's mounts, has the launcher start P, sends the judge
// KeeperStarted (keeper_protocol.h) on `judge` once P has exec'd (or died), and
// returns KeeperEnded once P has exited and every other process of the namespace is
// killed and reaped. Descriptors closed on return: all but `link` and `judge`. A
// failed step is written to the report and I exits; I also exits, without starting P,
// when the judge is gone. session: null for a run on its own (I exits after it, the kernel
// tearing its namespaces down); else a session's, whose I stays: the pid counter is
// set back to what the session's first run found, the run's /tmp and /dev/shm are a
// fresh tmpfs, detached before this returns (below).
struct KeeperEnded;
KeeperEnded RunInInit(const ChildPlan& plan, int judge, pid_t init_pid, int link, SessionScratch* session);

// After a session's run, once its KeeperEnded is sent: detaches the run's mounts
// (the work directory's overlay, extra mounts), makes the root writable again for the
// next run's mount points, and writes kRunDetached on `link`: the keeper waits for it
// before it hands the init the session's next run. plan's tables must still be alive
// (the keeper keeps them until the byte). On a failure I exits without a byte (and
// without a report: the run was concluded).
inline constexpr char kRunDetached = 1;
void FinishSessionRun(const ChildPlan& plan, int link);

// What a session's init (RunInInit) does around each run so that the
// next run of the session finds nothing of it, nor any trace that a run came before.
//
// Theory of operation. A session keeps one init I, with its pid, mount, IPC, UTS and
// network namespaces, for all the runs of one submission (each submission gets fresh
// ones). What a run can change or observe there, and how it is restored:
//  - processes: every process of the run lives in I's pid namespace (it cannot leave
//    it), so I, its pid 1, kills them all with kill(-1, SIGKILL), which spares only
//    its own thread group, and reaps until it has no child;
//  - the pid counter: ns_last_pid is written back, before each later run, to what the
//    session's first run found (ResetPidCounter), so a run's pids are a fresh init's;
//  - files: the root is read-only; /tmp and /dev/shm are each a fresh tmpfs per run
//    (MountFreshScratch), detached after the run (their inode counters, files and
//    pages go with them); the work directory's overlay and its write layer are new per run
//    (the layer a fresh tmpfs the judge mounts, run_disk.h) and detached after it;
//    extra mounts are detached;
//  - IPC: SysV IPC and POSIX message queues are refused by the seccomp filter
//    (seccomp_policy.h), so no object and no id counter changes; POSIX shared memory
//    is a file in /dev/shm;
//  - network: inet sockets are refused by the seccomp filter (no flow label, no
//    counter moves); AF_UNIX sockets die with their processes;
//  - the cgroup's counters and peaks: the judge resets and reads them per run, and
//    checks the cgroup empty (I never joins it).
// The hostname, mounts and namespaces cannot be changed by the program (no
// capability, seccomp).
//
// These run in I (init_main.cc): system calls only, no allocation, no locks.
// Writes the pid counter back to what the session's first run found (read then, and
// kept in *scratch). Called before each run, when no process of the namespace is left
// but I and its launcher. 0, or the errno of the failed step, *what naming it.
int ResetPidCounter(SessionScratch* scratch, const char** what);

// A fresh tmpfs with `options` (ChildPlan::scratch_options; nosuid, nodev) over /tmp, and another over
// /dev/shm: one mount each, nothing else (no mount point of their own, no bind, no
// remount; every mount operation takes the kernel's global mount lock, which other
// processes of the host contend for). 0, or the errno of the failed step, *what
// naming it.
int MountFreshScratch(const char* options, const char** what);

// Detaches the run's /tmp and /dev/shm: every file and page in them goes. Before the
// judge reads the run's counters. 0, or the errno of the failed step, *what naming it.
int DetachScratch(const char** what);

// Kills every process of the caller's pid namespace but the caller (its init), and
// reaps until none is left. The usage of what it reaps counts in RUSAGE_CHILDREN.
void KillAllOthersAndReap();

// Detaches the run's mounts, the kHost* targets of plan.fs_ops[fs_base_count, ...)
// (in reverse), and makes the root's mount writable again for the next run's mount
// points. They hold nothing the run's counters include, so this may follow the
// judge's answer (the keeper hands the init its next run only once it is done). 0, or
// the errno of the failed step.
int DetachRunMounts(const ChildPlan& plan);

// The launcher L: a thread of a run's init I that holds the seccomp filter and starts
// the init's programs, so that the filter is made once per init, not once per program.
//
// Theory of operation. Installing a filter costs the kernel a compilation (it is
// JIT-compiled, and its always-allowed system calls are found by emulating it for
// every number), and the filter is freed again when the program exits: a filter per
// program made 1,000 tiny tests 1.69 s against 1.57 s without one (docs/figures.md,
// runpath). A filter is inherited across clone and exec, so a task that has
// it can give it to every program it starts. I cannot be that task: it must still
// mount and unmount for the later runs of its session, and the filter forbids both.
// L can: a thread of I (CLONE_THREAD, sharing I's memory, descriptors, root and
// working directory, signal handlers and namespaces as they were when L was made),
// which sets no_new_privs and installs the filter on itself alone (the filter and
// no_new_privs are per thread; no TSYNC), and stays root. For each run I hands L the
// clone of the program P; P, L's child, starts with L's filter and no_new_privs.
//
// Why a thread and not a process: kill(-1, SIGKILL) from I, pid 1 of its namespace
// (child_setup.h), spares the caller's thread group, so L outlives every run's
// kill; the program, another uid, can neither signal nor ptrace a root thread (and
// hidepid=2 hides it); a child of any thread of a group is reaped by every thread's
// wait4 (the kernel looks at each thread's children), so I reaps P and counts its
// rusage in RUSAGE_CHILDREN, and the orphans of P are reparented to I, the namespace's
// pid 1. I ends with
// exit_group (_exit) or SIGKILL, and L with it: nothing to clean up.
//
// Synchronisation: one futex word, `state`, in the memory I and L share, in strict
// alternation: I writes a job and sets kJob, L sets kIdle when it is done; each
// waits while the word holds the value the other must change. L was cloned with
// CLONE_CHILD_CLEARTID on that word: if L ever ends, the kernel writes 0 there and
// wakes the waiter, so I never waits for a launcher that is gone (a judge error, not
// a hang). The futex calls are raw system calls (inline asm) that never write errno:
// L has no thread-local storage of its own (no CLONE_SETTLS, like every clone here),
// so L and I share errno, and L must not write it while I runs. L writes errno only
// in the clone of P, while I waits in a raw futex wait; from the moment it sets kIdle
// until I has set kJob again, its only system calls are raw ones (the wake and the
// wait). Nothing here allocates or locks.
//
// The raw calls are written for x86_64 and aarch64, the sandbox's architectures.
// Starts L in the calling thread's group with `filter` (none when filter_len is 0)
// and waits until it has installed it. 0, or the errno of the failed step, *what
// naming it. The caller is a run's init, which starts one launcher.
int StartLauncher(const sock_filter* filter, unsigned short filter_len, const char** what);

// In L: clone(fn, stack_top, flags, arg, pidfd), what I would have done itself;
// waits until L is done (with CLONE_VFORK: until the child has exec'd or died). The
// child's pid, or -1 with *err and *what (ESRCH: there is no launcher, or it ended).
pid_t CloneInLauncher(int (*fn)(void*), void* stack_top, int flags, void* arg, int* pidfd, const char** what,
                      int* err);

// What the keeper clones I with (keeper/keeper_init.h): the plan whose base I builds,
// and I's end of its link.
struct InitArgs {
  const ChildPlan* base;
  int link;
};
// I's body (init_main.cc): PrepareInit, the ready byte, then each run the link brings
// (GoMessage), until the keeper closes the link or a run on its own ends. Never returns.
int InitMain(void* arg);

// Which answers I has sent the judge for the run handed over last (keeper_protocol.h):
// I notes them in InitShared, and the keeper answers the rest when I ends early (it
// notes kNothing before it hands I a run).
enum class InitAnswered { kNothing = 0, kStarted = 1, kEnded = 2 };
InitAnswered LastInitAnswer();
void NoteInitAnswer(InitAnswered answered);

// The only memory the keeper and I share. I is a copy of the keeper (cloned without
// CLONE_VM), so everything else I reads is the keeper's as it was at the clone; these
// pages are one MAP_SHARED mapping the keeper makes before its first clone, at the same
// address in the keeper and in every I, so pointers into them hold in both.
inline constexpr std::size_t kPlanArenaBytes = 4u << 20;
struct InitShared {
  ChildReport report;   // how the run handed over last, or I's preparation, went: I writes
  int answer_progress;  // InitAnswered: I writes, LastInitAnswer reads
  // The run's plan as the keeper unpacked it (keeper_protocol.h, UnpackPlan), kept
  // until the run's mounts are detached.
  alignas(std::max_align_t) unsigned char plan_arena[kPlanArenaBytes];
};
// Set once by the keeper, before its first clone; null in the judge.
extern InitShared* init_shared;

// The most descriptors one message carries (GoMessage: 5, the cgroup files, the mounts).
inline constexpr int kMaxMessageFds = 32;

// One message and (a duplicate of each of) its descriptors over a SOCK_SEQPACKET
// socket: every channel of keeper_protocol.h. False with errno when it could not be
// sent whole. No allocation.
bool SendMessage(int socket, const void* bytes, std::size_t size, const int* fds, int fd_count);
// Receives one message of at most `cap` bytes into bytes, its descriptors
// (close-on-exec, the caller's) into fds, which has room for kMaxMessageFds, and their
// number into *fd_count. The message's size (0 at end of stream), or -1 with errno
// (EMSGSIZE: it did not fit; its descriptors are closed). No allocation.
ssize_t ReceiveMessage(int socket, void* bytes, std::size_t cap, int* fds, int* fd_count);

// CLOCK_MONOTONIC in nanoseconds.
inline int64_t MonotonicNs() {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t{ts.tv_sec} * 1000000000 + ts.tv_nsec;
}

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_CHILD_SETUP_H_
