// The empty network namespace of a run slot: made once per slot and kept (creating one
// costs about a millisecond), entered by every run of the slot. Nothing is configured
// in it, not even loopback: a program can open sockets but reach nothing.
#ifndef JUDGE_SRC_SANDBOX_NETWORK_NAMESPACE_H_
#define JUDGE_SRC_SANDBOX_NETWORK_NAMESPACE_H_

#include "judge/base/unique_fd.h"
#include "judge/status.h"

namespace judge::sandbox {

// A descriptor holding a new, empty network namespace (for setns). Thread-safe
// (creations are serialized inside).
Result<UniqueFd> NewNetworkNamespace();

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_NETWORK_NAMESPACE_H_
