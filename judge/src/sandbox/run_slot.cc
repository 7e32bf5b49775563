#include "run_slot.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include "judge/base/errors.h"
#include "judge/base/files.h"

namespace judge::sandbox {

namespace {

UniqueFd OpenLock(const std::string& path) {
  return UniqueFd(::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
}

// True when the lock file (held) already carries `stamp` (whoever took the slot last
// wrote theirs); else writes it there. A failed write only means the next Acquire()
// says "used elsewhere" again.
bool StampIsOurs(int fd, uint64_t stamp) {
  uint64_t found = 0;
  if (::pread(fd, &found, sizeof found, 0) == static_cast<ssize_t>(sizeof found) && found == stamp) return true;
  (void)!::pwrite(fd, &stamp, sizeof stamp, 0);
  return false;
}

}  // namespace

Status MakePrivateStateDir(const std::string& dir) {
  const std::string what = "sandbox state directory " + dir;
  std::size_t slash = dir.rfind('/');
  if (slash != 0 && slash != std::string::npos)
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir.substr(0, slash)).WithContext(what));
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoStatus(errno, "cannot create " + what);
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    if (errno == ELOOP || errno == ENOTDIR)
      return Status::InvalidArgument(what + ": expected a directory, found a symbolic link or another kind");
    return ErrnoStatus(errno, "cannot open " + what);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, "cannot stat " + what);
  if (st.st_uid != ::geteuid())
    return Status::InvalidArgument(what + ": expected a directory owned by uid " + std::to_string(::geteuid()) +
                                   ", found one owned by uid " + std::to_string(st.st_uid));
  if ((st.st_mode & 07777) != 0700 && ::fchmod(fd.get(), 0700) != 0)
    return ErrnoStatus(errno, "cannot make " + what + " private (mode 0700)");
  return Status::Ok();
}

// Lock files are opened when a slot is first tried (a judge that runs one program
// opens one or two, not sixteen); the first is opened here, so that a state
// directory the judge cannot use is an error at once.
Status SlotPool::Init(const std::string& state_dir, int count) {
  if (::getrandom(&stamp_, sizeof stamp_, 0) != static_cast<ssize_t>(sizeof stamp_))
    return ErrnoStatus(errno, "getrandom for the slot pool's stamp");
  for (int k = 0; k < count; ++k) {
    auto slot = std::make_unique<Slot>();
    slot->index = k;
    slot->lock_path = state_dir + "/slot" + std::to_string(k) + ".lock";
    slots_.push_back(std::move(slot));
  }
  if (!slots_.empty()) {
    slots_[0]->lock = OpenLock(slots_[0]->lock_path);
    if (!slots_[0]->lock) return ErrnoStatus(errno, "cannot open slot lock " + slots_[0]->lock_path);
  }
  return Status::Ok();
}

Slot* SlotPool::Acquire(const std::atomic<bool>* cancel, uint64_t session) {
  std::unique_lock<std::mutex> lock(mu_);
  // Pass 0: the session's own slot; 1: a slot no session keeps; 2: any.
  auto fits = [session](const Slot& s, int pass) {
    return pass == 0 ? session != 0 && s.session == session : pass == 1 ? s.session == 0 : true;
  };
  for (;;) {
    if (cancel && cancel->load()) return nullptr;
    for (int pass = 0; pass < 3; ++pass) {
      for (auto& s : slots_) {
        if (s->busy || !fits(*s, pass)) continue;
        if (!s->lock) s->lock = OpenLock(s->lock_path);
        if (s->lock && ::flock(s->lock.get(), LOCK_EX | LOCK_NB) == 0) {
          s->busy = true;
          s->used_elsewhere = !StampIsOurs(s->lock.get(), stamp_);
          if (s->used_elsewhere) s->session = 0;  // another process's run ended any kept init
          return s.get();
        }
      }
    }
    // All taken (here or by another judge process): wait for a release or retry soon.
    cv_.wait_for(lock, std::chrono::milliseconds(5));
  }
}

void SlotPool::MarkSession(Slot* slot, uint64_t session) {
  std::lock_guard<std::mutex> lock(mu_);
  slot->session = session;
}

void SlotPool::ForgetSession(uint64_t session) {
  std::lock_guard<std::mutex> lock(mu_);
  for (auto& s : slots_)
    if (s->session == session) s->session = 0;
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
