#include "session_reset.h"

#include <signal.h>
#include <sys/ipc.h>
#include <sys/mount.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>

namespace judge::sandbox {

namespace {

// Where the fresh tmpfs is mounted while its directories are stacked: a directory of
// the root, removed again before the program runs.
constexpr const char* kScratchMount = "/.judge-scratch";

// "mode=0755,size=<bytes>" into buf (no allocation).
void ScratchOptions(int64_t bytes, char* buf, int cap) {
  const char prefix[] = "mode=0755,size=";
  int n = 0;
  for (const char* p = prefix; *p != '\0' && n < cap - 1; ++p) buf[n++] = *p;
  char digits[24];
  int d = 0;
  uint64_t v = bytes > 0 ? static_cast<uint64_t>(bytes) : 4096;
  do {
    digits[d++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  while (d > 0 && n < cap - 1) buf[n++] = digits[--d];
  buf[n] = '\0';
}

int Failed(const char* step, const char** what) {
  *what = step;
  return errno != 0 ? errno : EIO;
}


bool SameTime(const struct timespec& a, const struct timespec& b) {
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

// Whether the scratch tmpfs is as it was when fresh: nothing in it (its root, "tmp"
// and "shm" are its only inodes, no block used) and neither directory touched (a file
// made and removed again changes their times).
bool ScratchUntouched(const SessionScratch& s) {
  struct statfs fs;
  struct stat tmp, shm;
  if (statfs("/tmp", &fs) != 0 || stat("/tmp", &tmp) != 0 || stat("/dev/shm", &shm) != 0) return false;
  return fs.f_files - fs.f_ffree == 3 && fs.f_bfree == fs.f_blocks && SameTime(tmp.st_mtim, s.tmp_mtime) &&
         SameTime(tmp.st_ctim, s.tmp_ctime) && SameTime(shm.st_mtim, s.shm_mtime) && SameTime(shm.st_ctim, s.shm_ctime);
}

// A fresh tmpfs of `bytes` (nosuid, nodev) whose directories "tmp" and "shm" (mode
// 1777) are stacked over /tmp and /dev/shm. Needs the root writable (a mount point is
// made there for a moment). 0, or the errno of the failed step, *what naming it.
int MountFreshScratch(int64_t bytes, const char** what) {
  char options[64];
  ScratchOptions(bytes, options, sizeof options);
  if (mkdir(kScratchMount, 0700) != 0 && errno != EEXIST) return Failed("mkdir the scratch mount point", what);
  if (mount("judge-scratch", kScratchMount, "tmpfs", MS_NOSUID | MS_NODEV, options) != 0)
    return Failed("mount the run's /tmp and /dev/shm", what);
  struct Stacked {
    const char* dir;
    const char* at;
  };
  int rc = 0;
  for (Stacked s : {Stacked{"/.judge-scratch/tmp", "/tmp"}, Stacked{"/.judge-scratch/shm", "/dev/shm"}}) {
    if (mkdir(s.dir, 01777) != 0 || chmod(s.dir, 01777) != 0) {
      rc = Failed("mkdir in the run's scratch tmpfs", what);
      break;
    }
    if (mount(s.dir, s.at, nullptr, MS_BIND, nullptr) != 0 ||
        mount(nullptr, s.at, nullptr, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV, nullptr) != 0) {
      rc = Failed("stacking the run's scratch tmpfs", what);
      break;
    }
  }
  // The stacked binds hold the tmpfs; its own mount and mount point go.
  umount2(kScratchMount, MNT_DETACH);
  rmdir(kScratchMount);
  return rc;
}

}  // namespace

void KillAllOthersAndReap() {
  // Every other process of the namespace descends from I (the program's orphans are
  // reparented to I; nothing joins from outside): I with no child, not even a zombie,
  // is alone. The kill(-1) is then skipped: it walks every process of the host (the
  // kernel looks each one up in the namespace), most of a small run's reset.
  siginfo_t info;
  if (syscall(SYS_waitid, P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT | __WALL, nullptr) < 0 && errno == ECHILD)
    return;
  for (;;) {
    // As pid 1 of the namespace, -1 reaches every other process in it; a fork racing
    // with it fails (its parent has a fatal signal pending), so none escapes.
    kill(-1, SIGKILL);
    pid_t pid = static_cast<pid_t>(syscall(SYS_wait4, -1, nullptr, __WALL, nullptr));
    if (pid < 0 && errno == ECHILD) return;
  }
}

int ReadyScratch(int64_t bytes, SessionScratch* scratch, const char** what) {
  if (scratch->mounted && scratch->bytes == bytes) return 0;
  if (scratch->mounted) {
    for (const char* at : {"/dev/shm", "/tmp"})
      if (umount2(at, MNT_DETACH) != 0) return Failed("detaching the last run's /tmp or /dev/shm", what);
    scratch->mounted = false;
  }
  if (int err = MountFreshScratch(bytes, what); err != 0) return err;
  struct stat tmp, shm;
  if (stat("/tmp", &tmp) != 0 || stat("/dev/shm", &shm) != 0) return Failed("stat the run's /tmp", what);
  scratch->mounted = true;
  scratch->bytes = bytes;
  scratch->tmp_mtime = tmp.st_mtim;
  scratch->tmp_ctime = tmp.st_ctim;
  scratch->shm_mtime = shm.st_mtim;
  scratch->shm_ctime = shm.st_ctim;
  return 0;
}

int ReleaseScratchIfTouched(SessionScratch* scratch, const char** what) {
  // Each detach costs the kernel a wait for its readers (an RCU grace period): the
  // scratch tmpfs stays while runs leave it as they found it, as most do.
  if (!scratch->mounted || ScratchUntouched(*scratch)) return 0;
  for (const char* at : {"/dev/shm", "/tmp"})
    if (umount2(at, MNT_DETACH) != 0) return Failed("detaching the run's /tmp or /dev/shm", what);
  scratch->mounted = false;
  return 0;
}

int DetachRunMounts(const ChildPlan& plan, bool keep_work) {
  for (int i = plan.fs_op_count - 1; i >= plan.fs_base_count; --i) {
    const FsOp& op = plan.fs_ops[i];
    if (op.kind != FsOp::kHostBind && op.kind != FsOp::kHostOverlay) continue;
    if (op.kind == FsOp::kHostOverlay && keep_work) continue;
    // EINVAL, ENOENT: gone already, with the scratch tmpfs it was mounted in.
    if (umount2(op.a, MNT_DETACH) != 0 && errno != EINVAL && errno != ENOENT) return errno;
  }
  if (mount(nullptr, "/", nullptr, MS_REMOUNT | MS_BIND | MS_NOSUID, nullptr) != 0) return errno;
  return 0;
}

void RemoveSysvIpcObjects() {
  // *_INFO returns the highest index in use; *_STAT turns an index into an id.
  struct shm_info shm_info;
  int max = shmctl(0, SHM_INFO, reinterpret_cast<struct shmid_ds*>(&shm_info));
  for (int i = 0; i <= max; ++i) {
    struct shmid_ds ds;
    int id = shmctl(i, SHM_STAT, &ds);
    if (id >= 0) shmctl(id, IPC_RMID, nullptr);
  }
  struct msginfo msg_info;
  max = msgctl(0, MSG_INFO, reinterpret_cast<struct msqid_ds*>(&msg_info));
  for (int i = 0; i <= max; ++i) {
    struct msqid_ds ds;
    int id = msgctl(i, MSG_STAT, &ds);
    if (id >= 0) msgctl(id, IPC_RMID, nullptr);
  }
  union semun {
    int val;
    struct semid_ds* buf;
    unsigned short* array;
    struct seminfo* info;
  };
  struct seminfo sem_info;
  semun arg;
  arg.info = &sem_info;
  max = semctl(0, 0, SEM_INFO, arg);
  for (int i = 0; i <= max; ++i) {
    struct semid_ds ds;
    arg.buf = &ds;
    int id = semctl(i, 0, SEM_STAT, arg);
    if (id >= 0) semctl(id, 0, IPC_RMID);
  }
}

}  // namespace judge::sandbox
