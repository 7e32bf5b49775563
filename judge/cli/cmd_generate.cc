// judge generate <problem-dir> --seed N [--param K=V]...: a random legal input from
// the package's plugin, a pure function of the seed and the parameters, on stdout.
// Exit: 0 generated, 64 a malformed or rejected parameter (the plugin's reason),
// 3 the judge, the package or the plugin failed.
#include <iostream>
#include <memory>
#include <vector>

#include "cli_util.h"
#include "commands.h"
#include "judge/config/problem.h"
#include "judge/judging/package.h"
#include "judge/plugin/plugin_host.h"

namespace judge::cli {
namespace {

struct GenerateOptions {
  std::string problem_dir;
  uint64_t seed = 0;
  std::vector<std::string> params;
  bool json = false;
  bool in_process = false;
};

int RunGenerate(const GenerateOptions& o) {
  Json doc;
  auto fail = [&](const Status& st, int code) {
    if (o.json) {
      doc["error"] = st.message();
      PrintJson(doc);
    }
    ReportError("generate", st);
    return code;
  };
  // "key=value" lines, in command-line order (plugin_abi.h).
  std::string params;
  for (const auto& p : o.params) {
    size_t eq = p.find('=');
    if (eq == std::string::npos || eq == 0 || p.find('\n') != std::string::npos)
      return fail(Status::InvalidArgument("--param: expected KEY=VALUE, found '" + p + "'"), kExitUsage);
    params += p + "\n";
  }
  auto config = LoadProblemConfig(o.problem_dir);
  if (!config.ok()) return fail(config.status(), kExitJudgeError);
  doc["problem"] = config->id;
  doc["seed"] = o.seed;
  doc["params"] = o.params;
  auto plugin = LoadPackagePlugin(*config, !o.in_process);
  if (!plugin.ok()) return fail(plugin.status(), kExitJudgeError);
  doc["plugin"] = (*plugin)->id();
  doc["plugin_version"] = (*plugin)->version();
  Result<PluginOutput> generated = (*plugin)->Generate(o.seed, params);
  if (!generated.ok()) return fail(generated.status(), kExitJudgeError);
  if (generated->refused) return fail(Status::InvalidArgument(generated->reason), kExitUsage);
  const std::string& input = generated->output;
  if (o.json) {
    doc["input"] = input;
    doc["error"] = nullptr;
    PrintJson(doc);
  } else {
    std::cout.write(input.data(), static_cast<std::streamsize>(input.size()));
    std::cout.flush();
    if (!std::cout) return ReportError("generate", Status::IoError("writing the input to stdout failed"));
  }
  return kExitOk;
}

}  // namespace

void RegisterGenerate(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<GenerateOptions>();
  auto* cmd = app.add_subcommand("generate", "Print a random legal input from the package's plugin");
  cmd->add_option("problem-dir", o->problem_dir, "Problem package directory")->required();
  cmd->add_option("--seed", o->seed, "Seed (the output is a pure function of seed and params)")->required();
  cmd->add_option("--param", o->params, "Generator parameter KEY=VALUE (repeatable, in order)")
      ->allow_extra_args(false);
  cmd->add_flag("--json", o->json, "Print one JSON object {problem, plugin, seed, params, input, error}");
  cmd->add_flag("--in-process", o->in_process,
                "Call the plugin in the judge's process instead of an isolated child");
  cmd->callback([o, exit_code] { *exit_code = RunGenerate(*o); });
}

}  // namespace judge::cli
