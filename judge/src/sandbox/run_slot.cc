#include "run_slot.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <unistd.h>

#include <chrono>

#include "judge/base/errors.h"

namespace judge::sandbox {

Slot::~Slot() {
  if (report != nullptr) ::munmap(report, sizeof(ChildReport));
}

Status SlotPool::Init(const std::string& state_dir, int count) {
  for (int k = 0; k < count; ++k) {
    auto slot = std::make_unique<Slot>();
    slot->index = k;
    std::string lock = state_dir + "/slot" + std::to_string(k) + ".lock";
    slot->lock.Reset(::open(lock.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!slot->lock) return ErrnoStatus(errno, "cannot open slot lock " + lock);
    slots_.push_back(std::move(slot));
  }
  return Status::Ok();
}

Slot* SlotPool::Acquire() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    for (auto& s : slots_) {
      if (s->busy) continue;
      if (::flock(s->lock.get(), LOCK_EX | LOCK_NB) == 0) {
        s->busy = true;
        return s.get();
      }
    }
    // All taken (here or by another judge process): wait for a release or retry soon.
    cv_.wait_for(lock, std::chrono::milliseconds(5));
  }
}

void SlotPool::Release(Slot* slot) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ::flock(slot->lock.get(), LOCK_UN);
    slot->busy = false;
  }
  cv_.notify_one();
}

}  // namespace judge::sandbox
