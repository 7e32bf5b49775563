// How many of something are open per key (connections per address, event streams
// per user), with a limit on one more. The HTTP server counts connections per
// client address with one; the API counts event streams per user and per address
// with another, so no single client holds what everyone shares.
//
// A granted Slot counts until it is destroyed (it is movable, not copyable); the
// quota must outlive its slots. Thread-safe: slots are taken and released from any
// thread. Memory: one entry per key with an open slot.
#ifndef JUDGE_SRC_SERVICE_OPEN_QUOTA_H_
#define JUDGE_SRC_SERVICE_OPEN_QUOTA_H_

#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace judge::service {

class OpenQuota {
 public:
  // One open thing of `key`, counted while the slot lives.
  class Slot {
   public:
    Slot() = default;
    Slot(Slot&& other) noexcept;
    Slot& operator=(Slot&& other) noexcept;
    Slot(const Slot&) = delete;
    Slot& operator=(const Slot&) = delete;
    ~Slot() { Release(); }

   private:
    friend class OpenQuota;
    Slot(OpenQuota* quota, std::string key) : quota_(quota), key_(std::move(key)) {}
    void Release();
    OpenQuota* quota_ = nullptr;  // null: empty (moved from, or default)
    std::string key_;
  };

  // A slot when fewer than `limit` of `key` are open (limit <= 0: no limit); else
  // nullopt and nothing is counted.
  std::optional<Slot> TryOpen(const std::string& key, int limit);

  // How many of `key` are open now.
  int open(const std::string& key) const;

 private:
  void Close(const std::string& key);

  mutable std::mutex mu_;
  std::map<std::string, int> open_;  // only keys with at least one open
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_OPEN_QUOTA_H_
