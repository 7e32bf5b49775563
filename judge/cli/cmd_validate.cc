// judge validate <problem-dir> <input>: is the file a legal input of the problem
// (the package's plugin validator)? Exit: 0 valid, 1 invalid (the reason on stderr),
// 3 the judge, the package or the plugin failed.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/base/terminal.h"
#include "judge/config/problem.h"
#include "judge/judging/package.h"
#include "judge/plugin/plugin_host.h"

namespace judge::cli {
namespace {

struct ValidateOptions {
  std::string problem_dir;
  std::string input_file;
  bool json = false;
  bool in_process = false;
};

int RunValidate(const ValidateOptions& o) {
  Json doc;
  auto fail = [&](const Status& st) {
    if (o.json) {
      doc["error"] = st.message();
      PrintJson(doc);
    }
    return ReportError("validate", st);
  };
  auto config = LoadProblemConfig(o.problem_dir);
  if (!config.ok()) return fail(config.status());
  doc["problem"] = config->id;
  doc["input"] = o.input_file;
  auto plugin = LoadPackagePlugin(*config, !o.in_process);
  if (!plugin.ok()) return fail(plugin.status());
  doc["plugin"] = (*plugin)->id();
  doc["plugin_version"] = (*plugin)->version();
  auto input = ReadTestFile(o.input_file);
  if (!input.ok()) return fail(input.status());
  auto outcome = (*plugin)->Validate(*input);
  if (!outcome.ok()) return fail(outcome.status());
  if (o.json) {
    doc["valid"] = outcome->valid;
    doc["message"] = outcome->message;
    doc["error"] = nullptr;
    PrintJson(doc);
  } else if (!outcome->valid) {
    std::cerr << EscapeForTerminal(o.input_file) << ": invalid: " << EscapeForTerminal(outcome->message, /*keep_newlines=*/true) << "\n";
  }
  return outcome->valid ? kExitOk : kExitNegative;
}

}  // namespace

void RegisterValidate(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<ValidateOptions>();
  auto* cmd = app.add_subcommand("validate", "Check that an input is legal (exit 0 valid, 1 invalid, 3 error)");
  cmd->add_option("problem-dir", o->problem_dir, "Problem package directory")->required();
  cmd->add_option("input", o->input_file, "Input file")->required();
  cmd->add_flag("--json", o->json, "Print one JSON object {problem, input, plugin, valid, message, error}");
  cmd->add_flag("--in-process", o->in_process,
                "Call the plugin in the judge's process instead of an isolated child");
  cmd->callback([o, exit_code] { *exit_code = RunValidate(*o); });
}

}  // namespace judge::cli
