// judge solve <problem-dir> [input-file]: the reference answer of an input on stdout
// (the input is read from stdin when no file is given): the package's plugin's, or, for
// a Polygon package (which has no plugin), its main solution's, built and run in the
// sandbox as the answers the package lacks are made (polygon_tests.h).
// Exit: 0 answered, 1 the input is not a legal input (the plugin's reason on stderr),
// 3 the judge, the package, the plugin or the main solution failed.
#include <iostream>
#include <iterator>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "main_answer.h"
#include "judge/base/files.h"
#include "judge/base/scratch_dir.h"
#include "judge/config/polygon.h"
#include "judge/config/problem.h"
#include "judge/judging/package.h"
#include "judge/judging/polygon_tests.h"
#include "judge/plugin/plugin_host.h"

namespace judge::cli {
namespace {

struct SolveOptions {
  std::string problem_dir;
  std::string input_file;
  bool json = false;
  bool in_process = false;
};

// What answered: the plugin's output, or the Polygon main solution's.
struct Solved {
  std::string answer;
  bool refused = false;  // the plugin refused the input (reason in answer)
};

Result<std::string> ReadInput(const SolveOptions& o) {
  if (!o.input_file.empty()) return ReadTestFile(o.input_file);
  return std::string(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
}

Result<Solved> SolveWithPlugin(const SolveOptions& o, const ProblemConfig& config, Json* doc) {
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<PluginCaller> plugin, LoadPackagePlugin(config, !o.in_process));
  (*doc)["plugin"] = plugin->id();
  (*doc)["plugin_version"] = plugin->version();
  JUDGE_ASSIGN_OR_RETURN(std::string input, ReadInput(o));
  JUDGE_ASSIGN_OR_RETURN(PluginOutput solved, plugin->Solve(input));
  if (solved.refused) return Solved{std::move(solved.reason), true};
  return Solved{std::move(solved.output), false};
}

// A Polygon package's main solution on the input, by the one way answers are made.
Result<Solved> SolveWithMain(const SolveOptions& o, const ProblemConfig& config, Json* doc) {
  std::string input_path = o.input_file;
  std::unique_ptr<ScratchDir> stdin_copy;
  if (input_path.empty()) {
    JUDGE_ASSIGN_OR_RETURN(std::string input, ReadInput(o));
    JUDGE_ASSIGN_OR_RETURN(ScratchDir dir, ScratchDir::Make(DefaultScratchRoot(), "judge-solve-"));
    stdin_copy = std::make_unique<ScratchDir>(std::move(dir));
    input_path = stdin_copy->path() + "/input";
    JUDGE_RETURN_IF_ERROR(fs::WriteFile(input_path, input));
  } else {
    JUDGE_RETURN_IF_ERROR(ReadTestFile(input_path).status());  // the same checks as the plugin's input
  }
  const std::string name = o.input_file.empty() ? "<stdin>" : o.input_file;
  JUDGE_ASSIGN_OR_RETURN(PolygonMainAnswer made, MainSolutionAnswer(config, input_path, name));
  (*doc)["solution"] = made.solution;
  return Solved{std::move(made.answer), false};
}

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
  const bool by_main = config->plugin_id.empty() && config->format_version == kPolygonFormat;
  if (!by_main && config->plugin_id.empty())
    return fail(Status::InvalidArgument("problem '" + config->id + "' (" + o.problem_dir +
                                        "): expected a reference solver to answer with, found none (problem.yaml "
                                        "has no `plugin` key; without one, only a Polygon package's main solution "
                                        "answers)"),
                kExitJudgeError);
  Result<Solved> solved = by_main ? SolveWithMain(o, *config, &doc) : SolveWithPlugin(o, *config, &doc);
  if (!solved.ok()) return fail(solved.status(), kExitJudgeError);
  if (solved->refused) {
    const std::string where = o.input_file.empty() ? std::string("<stdin>") : o.input_file;
    return fail(Status::InvalidArgument(where + ": " + solved->answer), kExitNegative);
  }
  const std::string& answer = solved->answer;
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
  auto* cmd = app.add_subcommand("solve",
                                 "Print the reference answer for an input (the package's plugin; a Polygon "
                                 "package's main solution, run in the sandbox)");
  cmd->add_option("problem-dir", o->problem_dir, "Problem package directory")->required();
  cmd->add_option("input-file", o->input_file, "Input file (default: standard input)");
  cmd->add_flag("--json", o->json,
                "Print one JSON object {problem, plugin, plugin_version, answer, error}; a Polygon package: "
                "{problem, solution, answer, error}");
  cmd->add_flag("--in-process", o->in_process,
                "Call the plugin in the judge's process instead of an isolated child (no effect on a Polygon "
                "package's main solution, always sandboxed)");
  cmd->callback([o, exit_code] { *exit_code = RunSolve(*o); });
}

}  // namespace judge::cli
