// Run slots: slot k runs programs as uid/gid first_uid + k and owns, made on first use
// and reused by every later run, its cgroup(s), the host directory its root tmpfs is
// mounted on (in the run's mount namespace only), the directory each run's disk layer
// is mounted on, the page its init reports through, and its keeper process
// (slot_keeper.h). Nothing a program can change is among them: a run's namespaces
// are its init's, and its disk layer is its own.
//
// Slots are taken in this process under a mutex and across processes with flock on
// two files: <state_dir>/slot<k>.lock, and the host's lock on the slot's uid,
// /run/judge-slots/uid<first_uid + k>.lock. The uid and the cgroup name do not depend
// on the state directory, so without the host's lock two judges with different state
// directories would run programs in one cgroup at once and kill each other's. A
// SlotLease gives one back on every path (RAII). Thread-safe.
//
// Whoever takes a slot writes its pool's random stamp in the host's lock file: a pool
// that finds another stamp there knows another process used the slot in between, and
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
#include "child_setup.h"
#include "judge/base/status.h"
#include "judge/base/unique_fd.h"
#include "slot_keeper.h"

namespace judge::sandbox {

struct Slot {
  int index = 0;
  std::string lock_path;
  UniqueFd lock;  // opened when the slot is first tried
  std::string host_lock_name;  // in the host's lock directory (kHostSlotLockDir)
  UniqueFd host_lock;          // opened when the slot is first tried
  bool busy = false;   // in this process (under the pool's mutex)
  // Set by Acquire() when another process held the slot since this one last did (the
  // lock file's stamp was not this pool's): state cached about the slot is stale.
  bool used_elsewhere = true;
  bool ready = false;  // the per-slot resources below exist
  std::unique_ptr<RunCgroup> cgroup;  // null without cgroups
  std::string root_dir;
  std::string disk_dir;  // where each run's disk layer is mounted (run_disk.h)
  UniqueFd report_fd;             // memfd of the page the init reports through
  ChildReport* report = nullptr;  // that page, mapped shared (the keeper maps it too)
  std::unique_ptr<SlotKeeper> keeper;  // started on first use (slot_keeper.h)
  // The session (SandboxSession) whose init the slot's keeper keeps after this
  // process's last run here; 0: none. A preference only (under the pool's mutex): the
  // keeper itself never hands a session's init to another run.
  uint64_t session = 0;
  ~Slot();
};

class SlotPool {
 public:
  SlotPool() = default;
  SlotPool(const SlotPool&) = delete;
  SlotPool& operator=(const SlotPool&) = delete;
  // Opens <state_dir>/slot<k>.lock for k in [0, count), and the host's lock
  // directory (made 0700 when missing; refused when it is not a directory of the
  // judge's user that only it can write).
  Status Init(const std::string& state_dir, int count, int first_uid);
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
  bool TryLock(Slot& s);
  std::vector<std::unique_ptr<Slot>> slots_;
  UniqueFd host_dir_;   // kHostSlotLockDir
  uint64_t stamp_ = 0;  // this pool's, random
};

// Host-wide: every judge on the host takes slot k's uid here, whatever its state_dir.
inline constexpr const char* kHostSlotLockDir = "/run/judge-slots";

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
