// PluginCaller that calls the plugin in the calling thread (no isolation): the
// fastest path, for tools and tests; a plugin that crashes in a call takes this process
// down (its load is probed in a child first, as the isolated loader's is).
#include "caller_base.h"

namespace judge {
namespace {

using plugin_internal::CallArgs;
using plugin_internal::LoadedPlugin;
using plugin_internal::RawOutcome;

class InProcessCaller final : public plugin_internal::CallerBase {
 public:
  explicit InProcessCaller(std::shared_ptr<const LoadedPlugin> plugin)
      : CallerBase(std::move(plugin), plugin_internal::kMaxOutputBytes) {}

 protected:
  Result<RawOutcome> Invoke(const CallArgs& args) override { return plugin_->Call(args); }
};

}  // namespace

Result<std::unique_ptr<PluginCaller>> LoadPluginInProcess(const std::string& path,
                                                          const std::string& expected_id,
                                                          PluginCallLimits probe_limits) {
  JUDGE_RETURN_IF_ERROR(plugin_internal::ProbeLoad(path, expected_id, probe_limits));
  JUDGE_ASSIGN_OR_RETURN(auto plugin, LoadedPlugin::Open(path, expected_id));
  return std::unique_ptr<PluginCaller>(new InProcessCaller(std::move(plugin)));
}

}  // namespace judge
