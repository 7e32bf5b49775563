// Loading problem plugins and calling them, in the judge's own types (check.h): the C
// ABI (plugin_abi.h) stays inside judge/src/plugin.
//
// A PluginCaller is what the rest of the judge uses: the default one runs every call
// in a forked child with CPU, wall and memory limits, so a plugin that crashes,
// aborts, throws, hangs or allocates without end yields a non-OK Status (JE for the
// test) and the judge goes on.
#ifndef JUDGE_PLUGIN_HOST_H_
#define JUDGE_PLUGIN_HOST_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "judge/base/status.h"
#include "judge/config/check.h"

namespace judge {

// The plugin calls, however they are carried out. Implementations are thread-safe.
// A non-OK Status means the plugin (or the judge) failed: the caller reports JE. An
// illegal input given to Solve, or illegal parameters given to Generate, is an
// outcome (PluginOutput::refused, check.h), never a Status; so is an invalid input
// given to Validate. Check never returns a "checker failure" outcome: that is a
// non-OK Status.
class PluginCaller {
 public:
  virtual ~PluginCaller() = default;
  virtual const std::string& id() const = 0;
  virtual const std::string& version() const = 0;
  virtual const std::string& path() const = 0;
  virtual Result<PluginOutput> Solve(std::string_view input) = 0;
  virtual Result<CheckOutcome> Check(std::string_view input, std::string_view output,
                                     std::string_view answer, std::string_view options) = 0;
  virtual Result<ValidateOutcome> Validate(std::string_view input) = 0;
  virtual Result<PluginOutput> Generate(uint64_t seed, std::string_view params) = 0;
};

// Where plugins are found: the directory "plugins" next to the running executable
// (/proc/self/exe), unless JUDGE_PLUGIN_DIR is set in the environment.
std::string DefaultPluginDir();

// <dir>/<id>.so
std::string PluginPath(const std::string& dir, const std::string& id);

struct PluginCallLimits {
  int64_t cpu_time_ms = 10000;
  int64_t wall_time_ms = 20000;
  int64_t memory_kib = 1048576;
  // Bytes a call may return through its output sink (an answer, a generated input);
  // more is an error naming the limit.
  int64_t max_output_bytes = int64_t{256} << 20;
};

// Opens the plugin at path and checks each step: dlopen, the entry symbol, ABI
// version, struct size, the plugin's own init_error, non-null callbacks, and (when
// expected_id is non-empty) that its id equals expected_id. Errors are one line naming
// the file: NotFound for a missing file, Internal for a broken plugin (a failure of
// the judge's installation, not of anyone's input). The load is first probed in a
// forked child under probe_limits, so a plugin whose constructor or entry point
// crashes or loops fails to load instead of taking this process down. The returned
// caller calls the plugin in this process (no isolation: a crash in a call is this
// process's).
Result<std::unique_ptr<PluginCaller>> LoadPluginInProcess(const std::string& path, const std::string& expected_id,
                                                          PluginCallLimits probe_limits = {});

// As LoadPluginInProcess (the probe, then the checks once in this process), but every call
// runs in a forked child under limits; a crash, abort, hang or memory exhaustion is a
// non-OK Status naming the plugin and what happened ("plugin 'x' (x.so): check killed
// by SIGSEGV").
Result<std::unique_ptr<PluginCaller>> LoadPluginIsolated(const std::string& path,
                                                         const std::string& expected_id,
                                                         PluginCallLimits limits);

// Loads the plugin a problem package names: PluginPath(DefaultPluginDir(), plugin_id),
// checked against plugin_id, isolated (LoadPluginIsolated with limits) or in this
// process. An empty plugin_id is an InvalidArgument naming `package` (its id and
// directory, as errors show it). The caller owns the result; it keeps the library
// loaded.
Result<std::unique_ptr<PluginCaller>> LoadProblemPlugin(const std::string& plugin_id, const std::string& package,
                                                        bool isolated, PluginCallLimits limits = {});

}  // namespace judge

#endif  // JUDGE_PLUGIN_HOST_H_
