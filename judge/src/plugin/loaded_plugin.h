// One dlopen()ed, checked plugin, and the raw calls into it (internal to judge_plugin).
//
// LoadedPlugin owns the dlopen handle (dlclose on destruction) and is immutable after
// Open, so any number of threads may call it at once (the ABI makes callbacks
// thread-safe). A call produces a RawOutcome: exactly what the plugin said, with
// its output and message copied out of its sinks, capped. Interpreting a RawOutcome
// (which status codes are errors, what a verdict means) is shared by the in-process
// and isolated callers, so both report the same thing for the same plugin answer.
#ifndef JUDGE_SRC_PLUGIN_LOADED_PLUGIN_H_
#define JUDGE_SRC_PLUGIN_LOADED_PLUGIN_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "judge/base/status.h"
#include "judge/plugin/plugin_host.h"
#include "judge/plugin_abi.h"

namespace judge::plugin_internal {

// Output through the output sink (an answer, a generated input) larger than this is
// an error (in process; the isolated caller takes its cap from PluginCallLimits); the
// message sink keeps at most kMaxMessageBytes (then truncates).
inline constexpr size_t kMaxOutputBytes = size_t{256} << 20;
inline constexpr size_t kMaxMessageBytes = size_t{64} << 10;

enum class Op : uint32_t { kSolve = 0, kCheck = 1, kValidate = 2, kGenerate = 3 };
const char* OpName(Op op);

// The arguments of one call; views are borrowed for the call.
struct CallArgs {
  Op op = Op::kSolve;
  std::string_view input;
  std::string_view output;   // check
  std::string_view answer;   // check
  std::string_view options;  // check: plugin options; generate: params
  uint64_t seed = 0;         // generate
  size_t max_output_bytes = kMaxOutputBytes;  // out beyond this sets out_overflow
};

// What the plugin returned, copied into host memory.
struct RawOutcome {
  int32_t status = JUDGE_STATUS_FAILURE;
  int32_t verdict = JUDGE_CHECK_CHECKER_FAILURE;  // check only
  double score = 0.0;                             // check only
  std::string out;                                // solve, generate
  std::string message;
  bool out_overflow = false;      // out exceeded kMaxOutputBytes (the rest dropped)
  bool message_truncated = false;
};

class LoadedPlugin {
 public:
  // Opens path and checks every step (plugin_host.h LoadPluginInProcess).
  static Result<std::shared_ptr<const LoadedPlugin>> Open(const std::string& path,
                                                          const std::string& expected_id);
  ~LoadedPlugin();
  LoadedPlugin(const LoadedPlugin&) = delete;
  LoadedPlugin& operator=(const LoadedPlugin&) = delete;

  const std::string& id() const { return id_; }
  const std::string& version() const { return version_; }
  const std::string& path() const { return path_; }

  // Calls the plugin in this thread. Thread-safe.
  RawOutcome Call(const CallArgs& args) const;

  // "plugin 'id' (path)": the prefix of every error about this plugin.
  std::string Name() const;

 private:
  LoadedPlugin() = default;
  void* handle_ = nullptr;
  const judge_plugin_info* info_ = nullptr;
  std::string id_, version_, path_;
};

// Opens the plugin in a forked child (isolated_caller.cc's, under `limits`) and runs
// every check of LoadedPlugin::Open there first: a constructor or entry point that
// crashes, aborts or loops ends the child, and the load fails with one line naming the
// file and how ("...: loading the plugin (probed in a child) killed by signal 11
// (SIGSEGV)"). The child's own check failing is the Status Open would give. Both
// loaders call it before they open the plugin in this process.
Status ProbeLoad(const std::string& path, const std::string& expected_id, const PluginCallLimits& limits);

// Maps a RawOutcome to the host's types; errors are prefixed with plugin.Name() and
// the call ("plugin 'x' (x.so): check failed: <message>").
// `max_output_bytes` is the cap the call ran with (named in the overflow error).
Result<PluginOutput> InterpretSolve(const LoadedPlugin& plugin, RawOutcome raw,
                                    size_t max_output_bytes = kMaxOutputBytes);
Result<CheckOutcome> InterpretCheck(const LoadedPlugin& plugin, RawOutcome raw);
Result<ValidateOutcome> InterpretValidate(const LoadedPlugin& plugin, RawOutcome raw);
Result<PluginOutput> InterpretGenerate(const LoadedPlugin& plugin, RawOutcome raw,
                                       size_t max_output_bytes = kMaxOutputBytes);

}  // namespace judge::plugin_internal

#endif  // JUDGE_SRC_PLUGIN_LOADED_PLUGIN_H_
