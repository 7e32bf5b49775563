#include "keeper_protocol.h"

#include <sys/stat.h>

#include <cstring>

namespace judge::sandbox {
namespace {

template <typename T>
void Append(std::string* out, const T& value) {
  out->append(reinterpret_cast<const char*>(&value), sizeof(T));
}

// A string of the run message: 'n' for null, else 's', its bytes and a NUL.
void AppendString(std::string* out, const char* s) {
  out->push_back(s == nullptr ? 'n' : 's');
  if (s != nullptr) out->append(s, std::strlen(s) + 1);
}

// Reads the run message's strings in order; false once one is malformed.
class StringReader {
 public:
  StringReader(const char* at, const char* end) : at_(at), end_(end) {}
  bool Next(const char** s) {
    if (at_ >= end_ || (*at_ != 'n' && *at_ != 's')) return false;
    if (*at_++ == 'n') {
      *s = nullptr;
      return true;
    }
    const char* nul = static_cast<const char*>(std::memchr(at_, '\0', static_cast<std::size_t>(end_ - at_)));
    if (nul == nullptr) return false;
    *s = at_;
    at_ = nul + 1;
    return true;
  }
  // `count` strings, none null, then the terminating null.
  bool List(uint32_t count, std::pmr::vector<const char*>* out) {
    out->reserve(count + 1);
    for (uint32_t i = 0; i < count; ++i) {
      const char* s = nullptr;
      if (!Next(&s) || s == nullptr) return false;
      out->push_back(s);
    }
    out->push_back(nullptr);
    return true;
  }
  bool done() const { return at_ == end_; }

 private:
  const char* at_;
  const char* end_;
};

// The base ends with the pivot and names no run's directory; the run's part only
// creates directories, attaches the host's mounts (at most kMaxMountFds) and remounts.
bool SplitIsSound(const std::pmr::vector<FsOp>& ops, uint32_t base_count) {
  if (base_count == 0 || base_count > ops.size() || ops[base_count - 1].kind != FsOp::kPivotRoot) return false;
  int host_mounts = 0;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    bool host = ops[i].kind == FsOp::kHostBind || ops[i].kind == FsOp::kHostOverlay;
    if (i < base_count && host) return false;
    if (i >= base_count && !host && ops[i].kind != FsOp::kMkdir && ops[i].kind != FsOp::kRemount) return false;
    if (host && (ops[i].a == nullptr || ops[i].b == nullptr || ++host_mounts > kMaxMountFds)) return false;
  }
  return true;
}

}  // namespace

KeeperBinary BinaryAt(const char* path) {
  struct stat st;
  if (::stat(path, &st) != 0) return KeeperBinary{};
  return KeeperBinary{st.st_dev, st.st_ino, int64_t{st.st_mtim.tv_sec} * 1000000000 + st.st_mtim.tv_nsec};
}

std::string BaseKey(const ChildPlan& plan) {
  std::string key;
  Append(&key, static_cast<uint64_t>(plan.unshare_flags));
  AppendString(&key, plan.hostname);
  for (int i = 0; i < plan.fs_base_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    Append(&key, PackedFsOp{op.kind, op.optional ? 1 : 0, op.flags, op.mode, static_cast<uint64_t>(op.dev)});
    for (const char* s : {op.a, op.b, op.fstype, op.data}) AppendString(&key, s);
  }
  return key;
}

std::string PackPlan(const ChildPlan& plan, uint64_t session) {
  KeeperRunHeader h;
  h.op_count = static_cast<uint32_t>(plan.fs_op_count);
  h.base_op_count = static_cast<uint32_t>(plan.fs_base_count);
  h.rlimit_count = static_cast<uint32_t>(plan.rlimit_count);
  h.procs_count = static_cast<uint32_t>(plan.procs_count);
  h.unshare_flags = plan.unshare_flags;
  h.uid = plan.uid;
  h.gid = plan.gid;
  h.session = session;
  h.nice = plan.nice;
  while (plan.argv[h.argv_count] != nullptr) ++h.argv_count;
  while (plan.envp[h.env_count] != nullptr) ++h.env_count;
  std::string out;
  Append(&out, h);
  for (int i = 0; i < plan.fs_op_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    Append(&out, PackedFsOp{op.kind, op.optional ? 1 : 0, op.flags, op.mode, static_cast<uint64_t>(op.dev)});
  }
  for (int i = 0; i < plan.rlimit_count; ++i) Append(&out, plan.rlimits[i]);
  for (const char* s : {plan.program, plan.cwd, plan.hostname, plan.scratch_options}) AppendString(&out, s);
  for (const char* const* list : {plan.argv, plan.envp})
    for (const char* const* s = list; *s != nullptr; ++s) AppendString(&out, *s);
  for (int i = 0; i < plan.fs_op_count; ++i)
    for (const char* s : {plan.fs_ops[i].a, plan.fs_ops[i].b, plan.fs_ops[i].fstype, plan.fs_ops[i].data})
      AppendString(&out, s);
  return out;
}

bool UnpackPlan(std::string_view message, UnpackedPlan* out) {
  KeeperRunHeader h;
  if (message.size() < sizeof h) return false;
  std::memcpy(&h, message.data(), sizeof h);
  if (h.op != static_cast<uint32_t>(KeeperOp::kRun) || h.op_count > kMaxRunOps || h.rlimit_count > kMaxRunRlimits) return false;
  const std::size_t rlimits_at = sizeof h + h.op_count * sizeof(PackedFsOp);
  const std::size_t strings_at = rlimits_at + h.rlimit_count * sizeof(RlimitValue);
  if (strings_at > message.size() || uint64_t{h.argv_count} + h.env_count > message.size()) return false;
  out->ops.reserve(h.op_count);
  for (uint32_t i = 0; i < h.op_count; ++i) {
    PackedFsOp p;
    std::memcpy(&p, message.data() + sizeof h + i * sizeof p, sizeof p);
    if (p.kind < FsOp::kMkdir || p.kind > FsOp::kHostOverlay) return false;
    FsOp op;
    op.kind = static_cast<FsOp::Kind>(p.kind);
    op.optional = p.optional != 0;
    op.flags = p.flags;
    op.mode = p.mode;
    op.dev = static_cast<dev_t>(p.dev);
    out->ops.push_back(op);
  }
  out->rlimits.resize(h.rlimit_count);
  if (h.rlimit_count > 0)  // an empty vector's data() may be null, which memcpy may not get
    std::memcpy(out->rlimits.data(), message.data() + rlimits_at, h.rlimit_count * sizeof(RlimitValue));
  StringReader strings(message.data() + strings_at, message.data() + message.size());
  ChildPlan& plan = out->plan;
  const char* hostname = nullptr;
  if (!strings.Next(&out->program) || !strings.Next(&plan.cwd) || !strings.Next(&hostname) ||
      !strings.Next(&plan.scratch_options) ||
      out->program == nullptr || plan.cwd == nullptr || hostname == nullptr || h.argv_count == 0 ||
      !strings.List(h.argv_count, &out->argv) || !strings.List(h.env_count, &out->envp))
    return false;
  for (FsOp& op : out->ops)
    if (!strings.Next(&op.a) || !strings.Next(&op.b) || !strings.Next(&op.fstype) || !strings.Next(&op.data))
      return false;
  if (!strings.done() || !SplitIsSound(out->ops, h.base_op_count)) return false;
  out->procs_count = h.procs_count;
  out->session = h.session;
  plan.hostname = hostname;
  plan.fs_base_count = static_cast<int>(h.base_op_count);
  plan.unshare_flags = static_cast<unsigned long>(h.unshare_flags);
  plan.fs_ops = out->ops.data();
  plan.fs_op_count = static_cast<int>(out->ops.size());
  plan.rlimits = out->rlimits.data();
  plan.rlimit_count = static_cast<int>(out->rlimits.size());
  plan.uid = h.uid;
  plan.gid = h.gid;
  plan.nice = h.nice;
  return true;
}

}  // namespace judge::sandbox
