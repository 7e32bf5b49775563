// What both plugin callers share (internal to judge_plugin): the four calls as
// CallArgs, and the one interpretation of what the plugin returned
// (loaded_plugin.h, Interpret*). A caller only decides how a call is carried out:
// in this thread (in_process_caller.cc) or in a forked child (isolated_caller.cc).
#ifndef JUDGE_SRC_PLUGIN_CALLER_BASE_H_
#define JUDGE_SRC_PLUGIN_CALLER_BASE_H_

#include <memory>
#include <string>

#include "judge/plugin/plugin_host.h"
#include "loaded_plugin.h"

namespace judge::plugin_internal {

class CallerBase : public PluginCaller {
 public:
  CallerBase(std::shared_ptr<const LoadedPlugin> plugin, size_t max_output_bytes)
      : plugin_(std::move(plugin)), max_output_bytes_(max_output_bytes) {}

  const std::string& id() const override { return plugin_->id(); }
  const std::string& version() const override { return plugin_->version(); }
  const std::string& path() const override { return plugin_->path(); }
  Result<PluginOutput> Solve(std::string_view input) override;
  Result<CheckOutcome> Check(std::string_view input, std::string_view output, std::string_view answer,
                             std::string_view options) override;
  Result<ValidateOutcome> Validate(std::string_view input) override;
  Result<PluginOutput> Generate(uint64_t seed, std::string_view params) override;

 protected:
  // Carries out one call (args.max_output_bytes is set); a non-OK Status when the
  // call itself failed (crash, limit, ...), else exactly what the plugin returned.
  virtual Result<RawOutcome> Invoke(const CallArgs& args) = 0;

  const std::shared_ptr<const LoadedPlugin> plugin_;
  const size_t max_output_bytes_;

 private:
  // Invoke for a call that takes one input (solve, validate).
  Result<RawOutcome> InvokeOnInput(Op op, std::string_view input);
};

}  // namespace judge::plugin_internal

#endif  // JUDGE_SRC_PLUGIN_CALLER_BASE_H_
