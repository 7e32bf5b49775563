#include "keeper_protocol.h"

#include <cstring>

namespace judge::sandbox {
namespace {

class StringTable {
 public:
  uint32_t Add(const char* s) {
    if (s == nullptr) return kNoString;
    uint32_t at = static_cast<uint32_t>(bytes_.size());
    bytes_.append(s);
    bytes_.push_back('\0');
    return at;
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

template <typename T>
void Append(std::string* out, const T& value) {
  out->append(reinterpret_cast<const char*>(&value), sizeof(T));
}

// A string of the table, or null; false when the offset is outside it.
bool StringAt(const char* table, uint32_t size, uint32_t offset, const char** out) {
  if (offset == kNoString) {
    *out = nullptr;
    return true;
  }
  if (offset >= size) return false;
  *out = table + offset;
  return true;
}

// `count` consecutive strings starting at `first`, plus the terminating null.
bool StringList(const char* table, uint32_t size, uint32_t first, uint32_t count, std::vector<const char*>* out) {
  uint32_t at = first;
  for (uint32_t i = 0; i < count; ++i) {
    const char* s = nullptr;
    if (!StringAt(table, size, at, &s) || s == nullptr) return false;
    out->push_back(s);
    at += static_cast<uint32_t>(std::strlen(s)) + 1;
  }
  out->push_back(nullptr);
  return true;
}

// The base ends with the pivot and names no run's directory; the run's part only
// creates directories, attaches the host's mounts (at most kMaxMountFds) and remounts.
bool SplitIsSound(const std::vector<FsOp>& ops, uint32_t base_count) {
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

void AppendString(std::string* out, const char* s) {
  if (s != nullptr) out->append(s);
  out->push_back(s != nullptr ? '\0' : '\1');
}

}  // namespace

std::string BaseKey(const ChildPlan& plan) {
  std::string key;
  Append(&key, static_cast<uint64_t>(plan.unshare_flags));
  AppendString(&key, plan.hostname);
  for (int i = 0; i < plan.fs_base_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    Append(&key, static_cast<int32_t>(op.kind));
    Append(&key, static_cast<int32_t>(op.optional));
    Append(&key, static_cast<uint64_t>(op.flags));
    Append(&key, static_cast<uint32_t>(op.mode));
    Append(&key, static_cast<uint64_t>(op.dev));
    for (const char* s : {op.a, op.b, op.fstype, op.data}) AppendString(&key, s);
  }
  return key;
}

std::string PackPlan(const RunPlanText& in) {
  const ChildPlan& plan = *in.plan;
  StringTable strings;
  KeeperRunHeader h;
  h.op_count = static_cast<uint32_t>(plan.fs_op_count);
  h.base_op_count = static_cast<uint32_t>(plan.fs_base_count);
  h.rlimit_count = static_cast<uint32_t>(plan.rlimit_count);
  h.procs_count = static_cast<uint32_t>(plan.procs_count);
  h.unshare_flags = plan.unshare_flags;
  h.uid = plan.uid;
  h.gid = plan.gid;
  h.session = in.session;
  h.scratch_bytes = plan.scratch_bytes;
  h.nice = plan.nice;
  std::vector<PackedFsOp> ops;
  for (int i = 0; i < plan.fs_op_count; ++i) {
    const FsOp& op = plan.fs_ops[i];
    PackedFsOp p;
    p.kind = op.kind;
    p.optional = op.optional ? 1 : 0;
    p.a = strings.Add(op.a);
    p.b = strings.Add(op.b);
    p.fstype = strings.Add(op.fstype);
    p.data = strings.Add(op.data);
    p.flags = op.flags;
    p.mode = op.mode;
    p.dev = op.dev;
    ops.push_back(p);
  }
  h.program = strings.Add(in.program);
  for (const char* const* a = in.argv; *a; ++a, ++h.argv_count) {
    uint32_t at = strings.Add(*a);
    if (h.argv_count == 0) h.argv_first = at;
  }
  for (const char* const* e = in.envp; *e; ++e, ++h.env_count) {
    uint32_t at = strings.Add(*e);
    if (h.env_count == 0) h.env_first = at;
  }
  h.cwd = strings.Add(plan.cwd);
  h.hostname = strings.Add(plan.hostname);
  h.strings_bytes = static_cast<uint32_t>(strings.bytes().size());
  std::string out;
  Append(&out, h);
  for (const PackedFsOp& p : ops) Append(&out, p);
  for (int i = 0; i < plan.rlimit_count; ++i) Append(&out, plan.rlimits[i]);
  out += strings.bytes();
  return out;
}

bool UnpackPlan(const std::string& message, UnpackedPlan* out) {
  KeeperRunHeader h;
  if (message.size() < sizeof h) return false;
  std::memcpy(&h, message.data(), sizeof h);
  if (h.op != static_cast<uint32_t>(KeeperOp::kRun) || h.op_count > 4096 || h.rlimit_count > 64) return false;
  const std::size_t ops_at = sizeof h;
  const std::size_t rlimits_at = ops_at + h.op_count * sizeof(PackedFsOp);
  const std::size_t strings_at = rlimits_at + h.rlimit_count * sizeof(RlimitValue);
  if (strings_at + h.strings_bytes != message.size()) return false;
  if (h.strings_bytes == 0 || message.back() != '\0') return false;
  const char* table = message.data() + strings_at;
  const uint32_t size = h.strings_bytes;
  for (uint32_t i = 0; i < h.op_count; ++i) {
    PackedFsOp p;
    std::memcpy(&p, message.data() + ops_at + i * sizeof p, sizeof p);
    FsOp op;
    if (p.kind < FsOp::kMkdir || p.kind > FsOp::kHostOverlay) return false;
    op.kind = static_cast<FsOp::Kind>(p.kind);
    op.optional = p.optional != 0;
    if (!StringAt(table, size, p.a, &op.a) || !StringAt(table, size, p.b, &op.b) ||
        !StringAt(table, size, p.fstype, &op.fstype) || !StringAt(table, size, p.data, &op.data))
      return false;
    op.flags = p.flags;
    op.mode = p.mode;
    op.dev = static_cast<dev_t>(p.dev);
    out->ops.push_back(op);
  }
  for (uint32_t i = 0; i < h.rlimit_count; ++i) {
    RlimitValue r;
    std::memcpy(&r, message.data() + rlimits_at + i * sizeof r, sizeof r);
    out->rlimits.push_back(r);
  }
  const char* cwd = nullptr;
  const char* hostname = nullptr;
  if (!StringAt(table, size, h.program, &out->program) || out->program == nullptr ||
      !StringAt(table, size, h.cwd, &cwd) || cwd == nullptr || !StringAt(table, size, h.hostname, &hostname) ||
      !StringList(table, size, h.argv_first, h.argv_count, &out->argv) || h.argv_count == 0 ||
      !StringList(table, size, h.env_first, h.env_count, &out->envp))
    return false;
  if (!SplitIsSound(out->ops, h.base_op_count)) return false;
  out->procs_count = h.procs_count;
  out->session = h.session;
  ChildPlan& plan = out->plan;
  plan.fs_base_count = static_cast<int>(h.base_op_count);
  plan.unshare_flags = static_cast<unsigned long>(h.unshare_flags);
  plan.fs_ops = out->ops.data();
  plan.fs_op_count = static_cast<int>(out->ops.size());
  plan.rlimits = out->rlimits.data();
  plan.rlimit_count = static_cast<int>(out->rlimits.size());
  plan.uid = h.uid;
  plan.gid = h.gid;
  plan.scratch_bytes = h.scratch_bytes;
  plan.nice = h.nice;
  plan.cwd = cwd;
  if (hostname) plan.hostname = hostname;
  return true;
}

}  // namespace judge::sandbox
