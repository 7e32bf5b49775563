// Opening a plugin with every check of plugin_abi.h, and calling it in this thread.
#include "loaded_plugin.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <filesystem>

namespace judge::plugin_internal {
namespace {

// The size of the version-1 struct: everything up to and including generate.
constexpr size_t kV1StructSize = offsetof(judge_plugin_info, generate) + sizeof(void*);

// Appends to a std::string up to a cap; remembers that bytes were dropped.
struct CappedSink {
  std::string* text;
  size_t cap;
  bool overflow = false;
  judge_sink sink{this, &CappedSink::Write};

  // Called from the plugin's frames: nothing may unwind into them (the ABI is C), so
  // an allocation that fails counts as output the host could not take.
  static void Write(void* context, const char* data, size_t size) noexcept {
    auto* self = static_cast<CappedSink*>(context);
    if (size == 0 || data == nullptr) return;
    size_t room = self->cap - std::min(self->cap, self->text->size());
    if (size > room) {
      self->overflow = true;
      size = room;
    }
    try {
      self->text->append(data, size);
    } catch (...) {
      self->overflow = true;
    }
  }
};

judge_bytes Bytes(std::string_view s) { return judge_bytes{s.data(), s.size()}; }

std::string StatusName(int32_t status) {
  switch (status) {
    case JUDGE_STATUS_OK:
      return "OK";
    case JUDGE_STATUS_INVALID_INPUT:
      return "INVALID_INPUT";
    case JUDGE_STATUS_FAILURE:
      return "FAILURE";
  }
  return "unknown status " + std::to_string(status);
}

// The plugin's message, as one line for an error.
std::string Reason(const RawOutcome& raw) {
  std::string m = raw.message;
  while (!m.empty() && (m.back() == '\n' || m.back() == '\r' || m.back() == ' ')) m.pop_back();
  if (m.empty()) m = "(no message)";
  if (raw.message_truncated) m += " [message truncated]";
  return m;
}

Status CallError(const LoadedPlugin& plugin, Op op, const RawOutcome& raw) {
  std::string prefix = plugin.Name() + ": " + OpName(op);
  if (raw.status == JUDGE_STATUS_FAILURE) return Status::Internal(prefix + " failed: " + Reason(raw));
  return Status::Internal(prefix + ": expected status OK, INVALID_INPUT or FAILURE, found " +
                          StatusName(raw.status) + " (" + Reason(raw) + ")");
}

Status OverflowError(const LoadedPlugin& plugin, Op op, size_t max_output_bytes) {
  return Status::Internal(plugin.Name() + ": " + OpName(op) + ": expected at most " +
                          std::to_string(max_output_bytes) + " bytes of output, found more");
}

std::string CleanMessage(const RawOutcome& raw) {
  std::string m = raw.message;
  while (!m.empty() && (m.back() == '\n' || m.back() == '\r')) m.pop_back();
  if (raw.message_truncated) m += " [message truncated]";
  return m;
}

}  // namespace

const char* OpName(Op op) {
  switch (op) {
    case Op::kSolve:
      return "solve";
    case Op::kCheck:
      return "check";
    case Op::kValidate:
      return "validate";
    case Op::kGenerate:
      return "generate";
  }
  return "call";
}

std::string LoadedPlugin::Name() const { return "plugin '" + id_ + "' (" + path_ + ")"; }

namespace {

// The first steps of docs/plugins.md's table: the file exists and is a regular file.
Status CheckPluginFile(const std::string& path, const std::string& expected_id) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    std::string id = expected_id.empty() ? std::filesystem::path(path).stem().string() : expected_id;
    return Status::NotFound("plugin '" + id + "' not found: no file " + path +
                            " (set JUDGE_PLUGIN_DIR or rebuild)");
  }
  if (!S_ISREG(st.st_mode)) return Status::Internal(path + ": expected a shared library file, found a directory or special file");
  return Status::Ok();
}

// Finds and calls the entry point of the library `handle` (opened from path).
Result<const judge_plugin_info*> CallEntry(const std::string& path, void* handle) {
  dlerror();
  void* sym = ::dlsym(handle, JUDGE_PLUGIN_ENTRY_NAME);
  if (!sym)
    return Status::Internal(path + ": entry symbol: expected " JUDGE_PLUGIN_ENTRY_NAME
                                          ", found none (define it with JUDGE_PLUGIN)");
  auto entry = reinterpret_cast<judge_get_plugin_info_fn>(sym);
  // The entry is C, but a plugin written in C++ without the SDK may let an exception
  // out of it (a static constructor that throws): it stops here, as a load failure.
  const judge_plugin_info* info = nullptr;
  try {
    info = entry();
  } catch (...) {
    return Status::Internal(path + ": " JUDGE_PLUGIN_ENTRY_NAME
                                          "(): expected a plugin info pointer, found a C++ exception"
                                          " (the plugin could not initialise)");
  }
  if (!info)
    return Status::Internal(path + ": " JUDGE_PLUGIN_ENTRY_NAME
                                          "(): expected a plugin info pointer, found NULL"
                                          " (the plugin could not initialise)");
  return info;
}

// The checks of what the entry returned, in the table's order: ABI version, struct
// size, the plugin's own init_error, id and version, callbacks, the expected id.
Status CheckInfo(const std::string& path, const judge_plugin_info& info, const std::string& expected_id) {
  if (info.abi_version != JUDGE_PLUGIN_ABI_VERSION)
    return Status::Internal(path + ": ABI version: expected " +
                                   std::to_string(JUDGE_PLUGIN_ABI_VERSION) + ", found " +
                                   std::to_string(info.abi_version));
  // Fields past struct_size do not exist in this plugin: check before reading them.
  if (info.struct_size < kV1StructSize)
    return Status::Internal(path + ": struct size: expected at least " +
                                   std::to_string(kV1StructSize) + " bytes (ABI v1), found " +
                                   std::to_string(info.struct_size));
  // A plugin built before init_error existed has no such field: read it only when there.
  constexpr size_t kInitErrorEnd = offsetof(judge_plugin_info, init_error) + sizeof(info.init_error);
  if (info.struct_size >= kInitErrorEnd && info.init_error)
    return Status::Internal(path + ": the plugin could not initialise: " +
                                   std::string(info.init_error).substr(0, 1024));
  if (!info.id || !*info.id) return Status::Internal(path + ": id: expected a non-empty string, found " + (info.id ? "\"\"" : "NULL"));
  if (!info.version) return Status::Internal(path + ": version: expected a string, found NULL");
  const std::pair<const char*, const void*> callbacks[] = {
      {"solve", reinterpret_cast<const void*>(info.solve)},
      {"check", reinterpret_cast<const void*>(info.check)},
      {"validate", reinterpret_cast<const void*>(info.validate)},
      {"generate", reinterpret_cast<const void*>(info.generate)},
  };
  for (const auto& [name, fn] : callbacks)
    if (!fn)
      return Status::Internal(path + ": callback " + name + ": expected a function, found NULL");
  if (!expected_id.empty() && info.id != expected_id)
    return Status::Internal(path + ": id: expected '" + expected_id +
                                   "' (the package's plugin), found '" + info.id + "'");
  return Status::Ok();
}

}  // namespace

Result<std::shared_ptr<const LoadedPlugin>> LoadedPlugin::Open(const std::string& path,
                                                               const std::string& expected_id) {
  JUDGE_RETURN_IF_ERROR(CheckPluginFile(path, expected_id));
  // RTLD_NOW: unresolved symbols fail here, not in the middle of a check.
  // RTLD_LOCAL: plugins cannot see (or clash with) each other's symbols.
  dlerror();
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* err = dlerror();
    return Status::Internal(path + ": dlopen: expected a loadable shared library, found: " +
                                   (err ? err : "unknown error"));
  }
  std::shared_ptr<LoadedPlugin> plugin(new LoadedPlugin());
  plugin->handle_ = handle;  // closed by the destructor on every error below
  plugin->path_ = path;
  JUDGE_ASSIGN_OR_RETURN(const judge_plugin_info* info, CallEntry(path, handle));
  JUDGE_RETURN_IF_ERROR(CheckInfo(path, *info, expected_id));
  plugin->info_ = info;
  plugin->id_ = info->id;
  plugin->version_ = info->version;
  return std::shared_ptr<const LoadedPlugin>(std::move(plugin));
}

LoadedPlugin::~LoadedPlugin() {
  if (handle_) ::dlclose(handle_);
}

RawOutcome LoadedPlugin::Call(const CallArgs& args) const {
  RawOutcome raw;
  CappedSink out{&raw.out, args.max_output_bytes};
  CappedSink message{&raw.message, kMaxMessageBytes};
  try {
    switch (args.op) {
      case Op::kSolve:
        raw.status = info_->solve(Bytes(args.input), &out.sink, &message.sink);
        break;
      case Op::kCheck: {
        judge_check_result result{JUDGE_CHECK_CHECKER_FAILURE, 0.0};
        raw.status = info_->check(Bytes(args.input), Bytes(args.output), Bytes(args.answer),
                                  Bytes(args.options), &result, &message.sink);
        raw.verdict = result.verdict;
        raw.score = result.score;
        break;
      }
      case Op::kValidate:
        raw.status = info_->validate(Bytes(args.input), &message.sink);
        break;
      case Op::kGenerate:
        raw.status = info_->generate(args.seed, Bytes(args.options), &out.sink, &message.sink);
        break;
    }
  } catch (...) {
    // The ABI forbids it, but a plugin written without the SDK may let a C++
    // exception unwind through its C callback; it stops here, as a plugin failure.
    raw = RawOutcome();
    raw.status = JUDGE_STATUS_FAILURE;
    raw.message = "a C++ exception crossed the plugin ABI (callbacks must not throw)";
    return raw;
  }
  raw.out_overflow = out.overflow;
  raw.message_truncated = message.overflow;
  return raw;
}

Result<PluginOutput> InterpretSolve(const LoadedPlugin& plugin, RawOutcome raw,
                                    size_t max_output_bytes) {
  if (raw.status == JUDGE_STATUS_INVALID_INPUT) return PluginOutput{true, "", "invalid input: " + Reason(raw)};
  if (raw.status != JUDGE_STATUS_OK) return CallError(plugin, Op::kSolve, raw);
  if (raw.out_overflow) return OverflowError(plugin, Op::kSolve, max_output_bytes);
  return PluginOutput{false, std::move(raw.out), ""};
}

// The one place a plugin's check result becomes the judge's CheckOutcome: the ABI's
// verdict numbers, its "checker failure" (a Status, never an outcome) and its score
// (only a partial verdict carries one, in [0, 1)).
Result<CheckOutcome> InterpretCheck(const LoadedPlugin& plugin, RawOutcome raw) {
  if (raw.status != JUDGE_STATUS_OK) return CallError(plugin, Op::kCheck, raw);
  const std::string prefix = plugin.Name() + ": check: ";
  CheckOutcome outcome;
  outcome.message = CleanMessage(raw);
  switch (raw.verdict) {
    case JUDGE_CHECK_ACCEPTED:
      outcome.verdict = CheckVerdict::kAccepted;
      outcome.score = 1.0;
      return outcome;
    case JUDGE_CHECK_WRONG_ANSWER:
      outcome.verdict = CheckVerdict::kWrongAnswer;
      return outcome;
    case JUDGE_CHECK_PRESENTATION_ERROR:
      outcome.verdict = CheckVerdict::kPresentationError;
      return outcome;
    case JUDGE_CHECK_PARTIAL:
      if (!std::isfinite(raw.score) || raw.score < 0.0 || raw.score >= 1.0)
        return Status::Internal(prefix + "expected a partial score in [0, 1), found " + std::to_string(raw.score));
      outcome.verdict = CheckVerdict::kPartial;
      outcome.score = raw.score;
      return outcome;
    case JUDGE_CHECK_CHECKER_FAILURE:
      return Status::Internal(prefix + "checker failure: " + Reason(raw));
  }
  return Status::Internal(prefix + "expected a verdict 0..4, found " + std::to_string(raw.verdict));
}

Result<ValidateOutcome> InterpretValidate(const LoadedPlugin& plugin, RawOutcome raw) {
  if (raw.status == JUDGE_STATUS_OK) return ValidateOutcome{true, CleanMessage(raw)};
  if (raw.status == JUDGE_STATUS_INVALID_INPUT) return ValidateOutcome{false, Reason(raw)};
  return CallError(plugin, Op::kValidate, raw);
}

Result<PluginOutput> InterpretGenerate(const LoadedPlugin& plugin, RawOutcome raw,
                                       size_t max_output_bytes) {
  if (raw.status == JUDGE_STATUS_INVALID_INPUT)
    return PluginOutput{true, "", "invalid generator parameters: " + Reason(raw)};
  if (raw.status != JUDGE_STATUS_OK) return CallError(plugin, Op::kGenerate, raw);
  if (raw.out_overflow) return OverflowError(plugin, Op::kGenerate, max_output_bytes);
  return PluginOutput{false, std::move(raw.out), ""};
}

}  // namespace judge::plugin_internal
