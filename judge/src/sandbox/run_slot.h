// Run slots: slot k runs programs as uid/gid first_uid + k and owns, made on first use
// and reused by every later run, its cgroup(s), the host directory its root tmpfs is
// mounted on (in the run's mount namespace only), the directory each run's disk layer
// is mounted on, and its keeper process (slot_keeper.h). Nothing a program can change is among them: a run's namespaces
// are its init's, and its disk layer is its own.
//
// Slots are taken in this process under a mutex and across processes with flock on
// <state_dir>/slot<k>.lock, so two judges on one host never share a uid or a cgroup. A
// SlotLease gives one back on every path (RAII). Thread-safe.
//
// Whoever takes a slot writes its pool's random stamp in the lock file: a pool that
// finds another stamp there knows another process used the slot in between, and
// forgets what it cached about it (Slot::used_elsewhere), e.g. the limits it last
// wrote to the slot's cgroup.
#ifndef JUDGE_SRC_SANDBOX_RUN_SLOT_H_
#define JUDGE_SRC_SANDBOX_RUN_SLOT_H_

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cgroup.h"
#include "init/child_setup.h"
#include "judge/base/status.h"
#include "judge/base/unique_fd.h"
#include "slot_keeper.h"

namespace judge::sandbox {

// Slots when SandboxOptions::slots is 0.
inline constexpr int kDefaultSlots = 16;

// The sandbox's state directory (SandboxOptions::state_dir) holds the slots' locks,
// the runs' /etc and the runs' root mount points, so it must be the judge's alone: on
// /run by default, a tmpfs every boot empties, so it is made on first use. Created 0700
// when missing; an existing one must be a real directory (not a symlink) owned by us,
// and is made 0700 again. Another local user who pre-created it (in a world-writable
// /tmp) is refused with one line.
Status MakePrivateStateDir(const std::string& dir);

struct Slot {
  int index = 0;
  std::string lock_path;
  UniqueFd lock;  // opened when the slot is first tried
  bool busy = false;   // in this process (under the pool's mutex)
  // Set by Acquire() when another process held the slot since this one last did (the
  // lock file's stamp was not this pool's): state cached about the slot is stale.
  bool used_elsewhere = true;
  bool ready = false;  // the per-slot resources below exist
  std::unique_ptr<RunCgroup> cgroup;  // null without cgroups
  std::string root_dir;
  std::string disk_dir;  // where each run's disk layer is mounted (run_disk.h)
  std::unique_ptr<SlotKeeper> keeper;  // started on first use (slot_keeper.h)
  // The session (SandboxSession) whose init the slot's keeper keeps after this
  // process's last run here; 0: none. A preference only (under the pool's mutex): the
  // keeper itself never hands a session's init to another run.
  uint64_t session = 0;
};

class SlotPool {
 public:
  SlotPool() = default;
  SlotPool(const SlotPool&) = delete;
  SlotPool& operator=(const SlotPool&) = delete;
  // Opens <state_dir>/slot<k>.lock for k in [0, count).
  Status Init(const std::string& state_dir, int count);
  // Blocks until a slot is free here and its lock is taken, or until *cancel (when
  // given) is set: then null, without a slot. A run of a session (session != 0) goes
  // back to the slot that keeps the session's init when it is free; any run takes a
  // slot that keeps no session's init before one that does.
  Slot* Acquire(const std::atomic<bool>* cancel = nullptr, uint64_t session = 0);
  // The slot's keeper now keeps `session`'s init (0: none). The slot is held.
  void MarkSession(Slot* slot, uint64_t session);
  // The session ended: no slot is kept for it any more.
  void ForgetSession(uint64_t session);
  void Release(Slot* slot);

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::vector<std::unique_ptr<Slot>> slots_;
  uint64_t stamp_ = 0;  // this pool's, random
};

// Holds a slot for one run; gives it back however the run ends.
class SlotLease {
 public:
  explicit SlotLease(SlotPool* pool, const std::atomic<bool>* cancel = nullptr, uint64_t session = 0)
      : pool_(pool), slot_(pool->Acquire(cancel, session)) {}
  ~SlotLease() {
    if (slot_) pool_->Release(slot_);
  }
  SlotLease(const SlotLease&) = delete;
  SlotLease& operator=(const SlotLease&) = delete;
  bool held() const { return slot_ != nullptr; }  // false: cancelled while waiting
  Slot& slot() { return *slot_; }

 private:
  SlotPool* pool_;
  Slot* slot_;
};

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_RUN_SLOT_H_
