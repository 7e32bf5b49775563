#include "keeper_mounts.h"

#include <fcntl.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace judge::sandbox {

UniqueFd NewOverlay(const char* options) {
  UniqueFd fs(static_cast<int>(syscall(SYS_fsopen, "overlay", FSOPEN_CLOEXEC)));
  if (!fs) return UniqueFd();
  bool ok = syscall(SYS_fsconfig, fs.get(), FSCONFIG_SET_STRING, "source", "judge-work", 0) == 0;
  const std::string all(options);
  for (std::size_t at = 0; ok && at < all.size();) {
    std::size_t end = all.find(',', at);
    if (end == std::string::npos) end = all.size();
    const std::string item = all.substr(at, end - at);
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos)
      ok = syscall(SYS_fsconfig, fs.get(), FSCONFIG_SET_FLAG, item.c_str(), nullptr, 0) == 0;
    else
      ok = syscall(SYS_fsconfig, fs.get(), FSCONFIG_SET_STRING, item.substr(0, eq).c_str(), item.c_str() + eq + 1,
                   0) == 0;
    at = end + 1;
  }
  if (ok) ok = syscall(SYS_fsconfig, fs.get(), FSCONFIG_CMD_CREATE, nullptr, nullptr, 0) == 0;
  UniqueFd mount(ok ? static_cast<int>(syscall(SYS_fsmount, fs.get(), FSMOUNT_CLOEXEC, 0)) : -1);
  const int err = errno;
  fs.Reset();
  errno = err;
  return mount;
}

UniqueFd HostMount(const FsOp& op) {
  if (op.kind == FsOp::kHostOverlay) return NewOverlay(op.data != nullptr ? op.data : "");
  return UniqueFd(
      static_cast<int>(syscall(SYS_open_tree, AT_FDCWD, op.b, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC | AT_RECURSIVE)));
}

bool HostMounts(const ChildPlan& plan, std::vector<UniqueFd>* mounts, const char** failed) {
  for (int i = plan.fs_base_count; i < plan.fs_op_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    if (op.kind != FsOp::kHostBind && op.kind != FsOp::kHostOverlay) continue;
    mounts->push_back(HostMount(op));
    if (!mounts->back()) {
      *failed = op.b;
      return false;
    }
  }
  return true;
}

}  // namespace judge::sandbox
