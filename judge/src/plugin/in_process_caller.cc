// PluginCaller that calls the plugin in the calling thread (no isolation): the
// fastest path, for tools and tests; a crashing plugin takes this process down.
#include "judge/plugin_host.h"
#include "loaded_plugin.h"

namespace judge {
namespace {

using plugin_internal::CallArgs;
using plugin_internal::LoadedPlugin;
using plugin_internal::Op;

class InProcessCaller final : public PluginCaller {
 public:
  explicit InProcessCaller(std::shared_ptr<const LoadedPlugin> plugin) : plugin_(std::move(plugin)) {}

  const std::string& id() const override { return plugin_->id(); }
  const std::string& version() const override { return plugin_->version(); }
  const std::string& path() const override { return plugin_->path(); }

  Result<std::string> Solve(std::string_view input) override {
    CallArgs args;
    args.op = Op::kSolve;
    args.input = input;
    return plugin_internal::InterpretSolve(*plugin_, plugin_->Call(args));
  }

  Result<CheckOutcome> Check(std::string_view input, std::string_view output, std::string_view answer,
                             std::string_view options) override {
    CallArgs args;
    args.op = Op::kCheck;
    args.input = input;
    args.output = output;
    args.answer = answer;
    args.options = options;
    return plugin_internal::InterpretCheck(*plugin_, plugin_->Call(args));
  }

  Result<ValidateOutcome> Validate(std::string_view input) override {
    CallArgs args;
    args.op = Op::kValidate;
    args.input = input;
    return plugin_internal::InterpretValidate(*plugin_, plugin_->Call(args));
  }

  Result<std::string> Generate(uint64_t seed, std::string_view params) override {
    CallArgs args;
    args.op = Op::kGenerate;
    args.seed = seed;
    args.options = params;
    return plugin_internal::InterpretGenerate(*plugin_, plugin_->Call(args));
  }

 private:
  std::shared_ptr<const LoadedPlugin> plugin_;
};

}  // namespace

Result<std::unique_ptr<PluginCaller>> LoadPluginInProcess(const std::string& path,
                                                          const std::string& expected_id) {
  JUDGE_ASSIGN_OR_RETURN(auto plugin, LoadedPlugin::Open(path, expected_id));
  return std::unique_ptr<PluginCaller>(new InProcessCaller(std::move(plugin)));
}

}  // namespace judge
