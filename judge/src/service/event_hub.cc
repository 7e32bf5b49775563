#include "event_hub.h"

#include <chrono>
#include <vector>

namespace judge::service {

void EventHub::Notify(int64_t key) {
  std::vector<std::function<void()>> wake;
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++generation_[key];
    auto [begin, end] = subscribers_.equal_range(key);
    for (auto it = begin; it != end; ++it) wake.push_back(it->second.second);
  }
  cv_.notify_all();
  for (auto& w : wake) w();
}

std::function<void()> EventHub::Subscribe(int64_t key, std::function<void()> wake) {
  std::lock_guard<std::mutex> lock(mu_);
  const uint64_t id = next_id_++;
  subscribers_.emplace(key, std::make_pair(id, std::move(wake)));
  return [this, key, id] {
    std::lock_guard<std::mutex> lock(mu_);
    auto [begin, end] = subscribers_.equal_range(key);
    for (auto it = begin; it != end; ++it) {
      if (it->second.first == id) {
        subscribers_.erase(it);
        return;
      }
    }
  };
}

bool EventHub::WaitFor(int64_t key, int64_t timeout_ms) {
  std::unique_lock<std::mutex> lock(mu_);
  const uint64_t seen = generation_[key];
  const uint64_t seen_all = wake_all_;
  return cv_.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                      [&] { return generation_[key] != seen || wake_all_ != seen_all; });
}

void EventHub::WakeAll() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++wake_all_;
  }
  cv_.notify_all();
}

}  // namespace judge::service
