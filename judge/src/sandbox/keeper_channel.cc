#include "keeper_channel.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace judge::sandbox {
namespace {

// The most a message carries: a run hand-off to its init takes up to 33 (keeper_main.cc).
constexpr int kMaxFds = 64;

}  // namespace

bool SendMessage(int socket, const void* bytes, std::size_t size, const int* fds, int fd_count) {
  if (fd_count < 0 || fd_count > kMaxFds) {
    errno = EINVAL;
    return false;
  }
  struct iovec iov = {const_cast<void*>(bytes), size};
  struct msghdr msg = {};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(struct cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)];
  if (fd_count > 0) {
    msg.msg_control = control;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
    struct cmsghdr* c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
    std::memcpy(CMSG_DATA(c), fds, sizeof(int) * fd_count);
  }
  for (;;) {
    ssize_t n = ::sendmsg(socket, &msg, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (static_cast<std::size_t>(n) != size) {
      errno = EMSGSIZE;
      return false;
    }
    return true;
  }
}

int ReceiveMessage(int socket, std::size_t max_bytes, std::string* bytes, std::vector<int>* fds) {
  fds->clear();
  // The message's own size first (a peek; a seqpacket socket reports it with
  // MSG_TRUNC): a buffer of max_bytes filled afresh for every message cost the keeper
  // more than the rest of a run's hand-off (zeroing and faulting in 256 KiB).
  ssize_t size;
  do {
    size = ::recv(socket, nullptr, 0, MSG_PEEK | MSG_TRUNC);
  } while (size < 0 && errno == EINTR);
  if (size < 0) return -1;
  const std::size_t room = std::min(static_cast<std::size_t>(size), max_bytes);
  bytes->resize(room);
  struct iovec iov = {bytes->data(), room};
  struct msghdr msg = {};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  alignas(struct cmsghdr) char control[CMSG_SPACE(sizeof(int) * kMaxFds)];
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do {
    n = ::recvmsg(socket, &msg, MSG_CMSG_CLOEXEC);
  } while (n < 0 && errno == EINTR);
  if (n < 0) return -1;
  for (struct cmsghdr* c = CMSG_FIRSTHDR(&msg); c != nullptr; c = CMSG_NXTHDR(&msg, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    std::size_t count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    for (std::size_t i = 0; i < count; ++i) {
      int fd;
      std::memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
      fds->push_back(fd);
    }
  }
  if (n == 0 && fds->empty()) {
    bytes->clear();
    return 0;
  }
  if (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
    for (int fd : *fds) ::close(fd);
    fds->clear();
    errno = EMSGSIZE;
    return -1;
  }
  bytes->resize(static_cast<std::size_t>(n));
  return 1;
}

}  // namespace judge::sandbox
