#include "linux_session.h"

#include <sys/random.h>

#include <atomic>
#include <chrono>

#include "linux_sandbox.h"

namespace judge::sandbox {

namespace {

// A session id no other session of any judge process is likely to have: random (a
// keeper serves every judge process of its installation on the host), never 0.
uint64_t NewSessionId() {
  uint64_t id = 0;
  if (::getrandom(&id, sizeof id, 0) != static_cast<ssize_t>(sizeof id)) {
    // No entropy to be had: a process-wide counter mixed with the clock still tells
    // this process's sessions apart, and the keeper's connection is per process.
    static std::atomic<uint64_t> counter{0};
    id = static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) ^ (++counter << 48);
  }
  return id == 0 ? 1 : id;
}

}  // namespace

LinuxSession::LinuxSession(LinuxSandbox* sandbox) : sandbox_(sandbox), id_(NewSessionId()) {}

LinuxSession::~LinuxSession() { sandbox_->EndSession(id_); }

Result<RunResult> LinuxSession::Run(const RunSpec& spec) { return sandbox_->RunInSession(spec, id_); }

}  // namespace judge::sandbox
