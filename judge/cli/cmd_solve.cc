// judge solve <problem-dir> [input-file]: the reference answer of an input, from the
// package's plugin, on stdout (the input is read from stdin when no file is given).
// Exit: 0 answered, 1 the input is not a legal input (the plugin's reason on stderr),
// 3 the judge, the package or the plugin failed.
#include <iostream>
#include <iterator>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/config/problem.h"
#include "judge/judging/package.h"
#include "judge/plugin/plugin_host.h"

namespace judge::cli {
namespace {

struct SolveOptions {
  std::string problem_dir;
  std::string input_file;
  bool json = false;
  bool in_process = false;
};

int RunSolve(const SolveOptions& o) {
  Json doc;
  auto fail = [&](const Status& st, int code) {
    if (o.json) {
      doc["error"] = st.message();
      PrintJson(doc);
    }
    ReportError("solve", st);
    return code;
  };
  auto config = LoadProblemConfig(o.problem_dir);
  if (!config.ok()) return fail(config.status(), kExitJudgeError);
  doc["problem"] = config->id;
  auto plugin = LoadPackagePlugin(*config, !o.in_process);
  if (!plugin.ok()) return fail(plugin.status(), kExitJudgeError);
  doc["plugin"] = (*plugin)->id();
  doc["plugin_version"] = (*plugin)->version();

  std::string input;
  if (o.input_file.empty()) {
    input.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    auto bytes = ReadTestFile(o.input_file);
    if (!bytes.ok()) return fail(bytes.status(), kExitJudgeError);
    input = std::move(*bytes);
  }
  Result<PluginOutput> solved = (*plugin)->Solve(input);
  if (!solved.ok()) return fail(solved.status(), kExitJudgeError);
  if (solved->refused) {
    const std::string where = o.input_file.empty() ? std::string("<stdin>") : o.input_file;
    return fail(Status::InvalidArgument(where + ": " + solved->reason), kExitNegative);
  }
  const std::string& answer = solved->output;
  if (o.json) {
    doc["answer"] = answer;
    doc["error"] = nullptr;
    PrintJson(doc);
  } else {
    std::cout.write(answer.data(), static_cast<std::streamsize>(answer.size()));
    std::cout.flush();
    if (!std::cout) return ReportError("solve", Status::IoError("writing the answer to stdout failed"));
  }
  return kExitOk;
}

}  // namespace

void RegisterSolve(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<SolveOptions>();
  auto* cmd = app.add_subcommand("solve", "Print the reference answer for an input (the package's plugin)");
  cmd->add_option("problem-dir", o->problem_dir, "Problem package directory")->required();
  cmd->add_option("input-file", o->input_file, "Input file (default: standard input)");
  cmd->add_flag("--json", o->json, "Print one JSON object {problem, plugin, plugin_version, answer, error}");
  cmd->add_flag("--in-process", o->in_process,
                "Call the plugin in the judge's process instead of an isolated child");
  cmd->callback([o, exit_code] { *exit_code = RunSolve(*o); });
}

}  // namespace judge::cli
