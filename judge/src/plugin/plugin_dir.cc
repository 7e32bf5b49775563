// Where plugins are found (plugin_host.h): next to the running executable, so a build
// tree works from any working directory with no setup.
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <string>

#include "judge/base/paths.h"
#include "judge/plugin/plugin_host.h"

namespace judge {

std::string DefaultPluginDir() {
  const char* env = std::getenv("JUDGE_PLUGIN_DIR");
  if (env && *env) return env;
  std::string dir = ExecutableDir();
  return dir.empty() ? "plugins" : dir + "/plugins";  // unreadable /proc/self/exe: the cwd
}

std::string PluginPath(const std::string& dir, const std::string& id) {
  if (dir.empty()) return id + ".so";
  return dir.back() == '/' ? dir + id + ".so" : dir + "/" + id + ".so";
}

Result<std::unique_ptr<PluginCaller>> LoadProblemPlugin(const std::string& plugin_id, const std::string& package,
                                                        bool isolated, PluginCallLimits limits) {
  if (plugin_id.empty())
    return Status::InvalidArgument(package + ": expected a plugin for this command, found none (the package "
                                   "has no `plugin` key in problem.yaml)");
  std::string path = PluginPath(DefaultPluginDir(), plugin_id);
  return isolated ? LoadPluginIsolated(path, plugin_id, limits) : LoadPluginInProcess(path, plugin_id);
}

}  // namespace judge
