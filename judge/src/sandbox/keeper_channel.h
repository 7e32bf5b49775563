// One message with descriptors beside it, over a SOCK_SEQPACKET socket: the channel
// between the judge and a slot's keeper (keeper_protocol.h). Used on both sides; no
// allocation beyond the message itself, errno kept for the caller.
#ifndef JUDGE_SRC_SANDBOX_KEEPER_CHANNEL_H_
#define JUDGE_SRC_SANDBOX_KEEPER_CHANNEL_H_

#include <cstddef>
#include <string>
#include <vector>

namespace judge::sandbox {

// Sends bytes and (a duplicate of each of) fds in one message. False with errno set
// when it could not be sent whole.
bool SendMessage(int socket, const void* bytes, std::size_t size, const int* fds, int fd_count);

// Receives one message of at most max_bytes: *bytes is its content, *fds the
// descriptors that came with it (close-on-exec, owned by the caller). Returns 1 for a
// message, 0 at end of stream (the other side is gone), -1 with errno on an error or
// a truncated message (EMSGSIZE).
int ReceiveMessage(int socket, std::size_t max_bytes, std::string* bytes, std::vector<int>* fds);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_KEEPER_CHANNEL_H_
