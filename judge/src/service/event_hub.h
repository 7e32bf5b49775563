// Wake-ups inside one server or worker process: "something about submission N may
// have changed" (a test finished, a judging ended) and "the queue may have work"
// (key kQueueKey). It carries no data: whoever is woken reads the store, which is
// the one source of truth, so a missed or doubled wake-up costs a poll, never an
// event.
//
// Thread-safe. Callbacks run on the notifying thread with no lock held; they must
// only post work (e.g. to an Asio strand).
#ifndef JUDGE_SRC_SERVICE_EVENT_HUB_H_
#define JUDGE_SRC_SERVICE_EVENT_HUB_H_

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>

namespace judge::service {

class EventHub {
 public:
  static constexpr int64_t kQueueKey = 0;  // submission ids start at 1

  // Wakes every subscriber of `key` and every thread waiting on it.
  void Notify(int64_t key);

  // Calls wake() on every later Notify(key) until the returned function is called.
  std::function<void()> Subscribe(int64_t key, std::function<void()> wake);

  // Blocks until Notify(key) or WakeAll(), or until timeout_ms have passed.
  // Returns true when notified.
  bool WaitFor(int64_t key, int64_t timeout_ms);

  // Wakes every waiter of every key (shutdown).
  void WakeAll();

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<int64_t, uint64_t> generation_;  // Notify count per key
  uint64_t wake_all_ = 0;
  uint64_t next_id_ = 1;
  std::multimap<int64_t, std::pair<uint64_t, std::function<void()>>> subscribers_;
};

}  // namespace judge::service

#endif  // JUDGE_SRC_SERVICE_EVENT_HUB_H_
