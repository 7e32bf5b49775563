// The empty network namespace of a run slot: made once per slot and host, and kept
// (creating one costs a millisecond or more, and much more while the kernel is still
// tearing down others), entered by every run of the slot. Nothing is configured in
// it, not even loopback: a program can open sockets but reach nothing.
//
// Kept across judge processes the way `ip netns add` keeps one: bound onto a file in
// the sandbox's private state directory (<state>/slot<k>.net). A later process opens
// that file, checks that it really is a network namespace, and uses it; a file that
// is not one (a reboot left the plain file behind) is bound anew.
#ifndef JUDGE_SRC_SANDBOX_NETWORK_NAMESPACE_H_
#define JUDGE_SRC_SANDBOX_NETWORK_NAMESPACE_H_

#include <string>

#include "judge/base/status.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {

// A descriptor holding a new, empty network namespace (for setns). Thread-safe
// (creations are serialized inside).
Result<UniqueFd> NewNetworkNamespace();

// The slot's namespace kept at path (see above): opened when it is there, else made
// with NewNetworkNamespace() and bound there. The caller holds the slot's lock, so two
// judges never make the same one at once.
Result<UniqueFd> OpenSlotNetworkNamespace(const std::string& path);

}  // namespace judge::sandbox

#endif  // JUDGE_SRC_SANDBOX_NETWORK_NAMESPACE_H_
