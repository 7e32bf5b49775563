// judge check <problem-dir> <input> <output> [<answer>]: judges one output with the
// package's checker (its plugin, or the built-in checker named in problem.yaml).
// Without <answer>, the reference solver (the package's plugin) produces it.
// Exit: 0 AC, 1 WA (also a partial score, shown), 2 PE, 3 JE (the checker could not
// judge: a plugin failure, bad jury data, a missing file). The verdict and message go
// to stderr, or to stdout as one JSON object with --json.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/checker.h"
#include "judge/plugin_host.h"
#include "judge/problem.h"

namespace judge::cli {
namespace {

struct CheckOptions {
  std::string problem_dir;
  std::string input_file;
  std::string output_file;
  std::string answer_file;
  bool json = false;
  bool in_process = false;
};

int RunCheck(const CheckOptions& o) {
  nlohmann::json doc;
  auto fail = [&](const Status& st) {
    if (o.json) {
      doc["verdict"] = "JE";
      doc["score"] = 0.0;
      doc["message"] = st.message();
      doc["error"] = st.message();
      PrintJson(doc);
    }
    return ReportError("check", st);
  };
  auto config = LoadProblemConfig(o.problem_dir);
  if (!config.ok()) return fail(config.status());
  doc["problem"] = config->id;
  const bool builtin = config->checker != CheckerKind::kPlugin;
  // A built-in checker needs the plugin only to produce a missing answer.
  std::unique_ptr<PluginCaller> plugin;
  if (!builtin || (o.answer_file.empty() && !config->plugin_id.empty())) {
    auto loaded = LoadProblemPlugin(*config, !o.in_process);
    if (!loaded.ok()) return fail(loaded.status());
    plugin = std::move(*loaded);
    doc["plugin"] = plugin->id();
    doc["plugin_version"] = plugin->version();
  }

  auto input = ReadTestFile(o.input_file);
  if (!input.ok()) return fail(input.status());
  auto output = ReadTestFile(o.output_file);
  if (!output.ok()) return fail(output.status());
  std::string answer;
  if (!o.answer_file.empty()) {
    auto bytes = ReadTestFile(o.answer_file);
    if (!bytes.ok()) return fail(bytes.status());
    answer = std::move(*bytes);
  } else if (plugin) {
    // Jury input the solver rejects is the package's fault: JE, with the reason.
    auto solved = plugin->Solve(*input);
    if (!solved.ok()) return fail(solved.status().WithContext("reference answer for " + o.input_file));
    answer = std::move(*solved);
  } else {
    return fail(Status::InvalidArgument("problem '" + config->id +
                                        "': expected an <answer> file, found none (the package has "
                                        "no plugin to produce the reference answer)"));
  }
  Result<CheckOutcome> outcome =
      builtin ? MakeBuiltinChecker(*config)->Check(*input, *output, answer)
              : plugin->Check(*input, *output, answer, SerializePluginOptions(*config));
  if (!outcome.ok()) return fail(outcome.status());
  if (outcome->verdict == JUDGE_CHECK_CHECKER_FAILURE)  // a checker that reports instead of failing
    return fail(Status::Internal("checker failure: " + outcome->message));

  const char* verdict = "WA";
  int code = kExitNegative;
  switch (outcome->verdict) {
    case JUDGE_CHECK_ACCEPTED:
      verdict = "AC";
      code = kExitOk;
      break;
    case JUDGE_CHECK_PRESENTATION_ERROR:
      verdict = "PE";
      code = kExitPresentation;
      break;
    default:  // WRONG_ANSWER, PARTIAL (CHECKER_FAILURE is a Status already)
      break;
  }
  const bool partial = outcome->verdict == JUDGE_CHECK_PARTIAL;
  if (o.json) {
    doc["verdict"] = verdict;
    doc["partial"] = partial;
    doc["score"] = outcome->score;
    doc["message"] = outcome->message;
    doc["error"] = nullptr;
    PrintJson(doc);
  } else {
    std::cerr << verdict;
    if (partial) std::cerr << " (partial, score " << outcome->score << ")";
    if (!outcome->message.empty()) std::cerr << ": " << outcome->message;
    std::cerr << "\n";
  }
  return code;
}

}  // namespace

void RegisterCheck(CLI::App& app, int* exit_code) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Judge one output (exit 0 AC, 1 WA, 2 PE, 3 JE)");
  cmd->add_option("problem-dir", o->problem_dir, "Problem package directory")->required();
  cmd->add_option("input", o->input_file, "Input file")->required();
  cmd->add_option("output", o->output_file, "The output to judge")->required();
  cmd->add_option("answer", o->answer_file, "Reference answer (default: the reference solver's)");
  cmd->add_flag("--json", o->json,
                "Print one JSON object {problem, plugin, verdict, partial, score, message, error}");
  cmd->add_flag("--in-process", o->in_process,
                "Call the plugin in the judge's process instead of an isolated child");
  cmd->callback([o, exit_code] { *exit_code = RunCheck(*o); });
}

}  // namespace judge::cli
