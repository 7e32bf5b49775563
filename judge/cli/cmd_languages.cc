// judge languages [--json] [--languages FILE] [--check]: the language profiles
// (shipped, the user's, and FILE), their commands, and whether each is available on
// this host (with the reason when not). --check also compiles and runs each available
// profile's hello world in the sandbox (language_check.h).
// Exit 0; with --check 1 when an available profile failed its check; 3 when a
// languages file cannot be read or the judge failed.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/config/language.h"
#include "judge/grading/compiler.h"
#include "judge/judging/language_check.h"

namespace judge::cli {
namespace {

std::string Join(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words) {
    if (!out.empty()) out += ' ';
    bool quote = w.empty() || w.find_first_of(" \t'\"") != std::string::npos;
    out += quote ? "'" + w + "'" : w;
  }
  return out;
}

const char* OutcomeName(LanguageCheckOutcome o) {
  switch (o) {
    case LanguageCheckOutcome::kPassed: return "passed";
    case LanguageCheckOutcome::kFailed: return "failed";
    case LanguageCheckOutcome::kUnavailable: return "unavailable";
    case LanguageCheckOutcome::kNoProgram: return "no hello program";
  }
  return "?";
}

Json ProfileJson(const LanguageProfile& p, const LanguageAvailability& a, const std::string& version) {
  return {{"id", p.id},           {"name", p.name},       {"extensions", p.extensions},
          {"compile", p.compile}, {"run", p.run},         {"available", a.available},
          {"reason", a.reason},   {"version", version},   {"origin", p.origin},
          {"memory_allowance_percent", p.memory_allowance_percent},
          {"reserved_memory_counts", p.reserved_memory_counts},
          {"keep_file_name", p.keep_file_name},
          {"suggest_on_error", p.suggest_on_error}, {"original_judge", p.original_judge},
          {"support_dir", p.support_dir}};
}

void PrintProfile(const LanguageProfile& p, const LanguageAvailability& a, const std::string& version) {
  std::cout << p.id << "  " << p.name;
  if (!p.extensions.empty()) std::cout << "  [default for " << Join(p.extensions) << "]";
  std::cout << "\n";
  if (a.available)
    std::cout << "    available" << (version.empty() ? "" : ": " + version) << "\n";
  else
    std::cout << "    unavailable: " << a.reason << "\n";
  if (!p.compile.empty()) std::cout << "    compile: " << Join(p.compile) << "\n";
  std::cout << "    run:     " << Join(p.run) << "\n";
  if (p.memory_allowance_percent > 0)
    std::cout << "    memory:  the problem's limit + " << p.memory_allowance_percent << "%\n";
  if (!p.original_judge.empty()) std::cout << "    stands for: " << p.original_judge << "'s compiler\n";
  if (!p.suggest_on_error.empty()) std::cout << "    after CE: tries " << Join(p.suggest_on_error) << "\n";
}

// Checks every profile; prints a line (or adds "check" to each JSON object) per one.
// kExitNegative when an available profile failed.
Result<int> CheckAll(const std::vector<LanguageProfile>& all, bool json, Json* doc) {
  JUDGE_ASSIGN_OR_RETURN(std::unique_ptr<Sandbox> sandbox, DefaultSandbox());
  PipelineOptions popt;
  popt.context.cache_dir = DefaultCacheDir();
  Pipeline pipeline(popt);
  int exit_code = kExitOk;
  for (std::size_t i = 0; i < all.size(); ++i) {
    JUDGE_ASSIGN_OR_RETURN(LanguageCheck c, CheckLanguage(all[i], &pipeline, sandbox.get()));
    if (c.outcome == LanguageCheckOutcome::kFailed) exit_code = kExitNegative;
    if (json) {
      (*doc)[i]["check"] = {{"outcome", OutcomeName(c.outcome)}, {"detail", c.detail},
                            {"compile_ms", c.compile_ms}, {"run_ms", c.run_ms}};
      continue;
    }
    std::cout << "  " << all[i].id << ": " << OutcomeName(c.outcome);
    if (c.outcome == LanguageCheckOutcome::kPassed)
      std::cout << " (compile " << c.compile_ms << " ms, run " << c.run_ms << " ms)";
    if (!c.detail.empty()) std::cout << (c.outcome == LanguageCheckOutcome::kPassed ? "  " : ": ") << c.detail;
    std::cout << std::endl;
  }
  return exit_code;
}

int RunLanguages(bool json, bool check, const std::string& extra) {
  auto set = LoadLanguages(extra);
  if (!set.ok()) return ReportError("languages", set.status());
  std::vector<LanguageProfile> all = set->profiles();
  Json doc = Json::array();
  for (const auto& p : all) {
    LanguageAvailability a = CheckAvailability(p);
    std::string version = a.available ? ToolchainVersion(p) : "";
    if (json) doc.push_back(ProfileJson(p, a, version));
    else PrintProfile(p, a, version);
  }
  if (!json) {
    std::cout << "binary  contestant binary (run as given)  [an ELF executable, or --lang binary]\n"
              << "(a file with another extension is an unknown language; profiles from " << DefaultLanguagesPath()
              << ", " << UserLanguagesPath() << " when present, and --languages)\n";
  } else {
    doc.push_back(ProfileJson(BinaryProfile(), LanguageAvailability{true, ""}, ""));
  }
  int exit_code = kExitOk;
  if (check) {
    if (!json) std::cout << "checking: compiling and running each profile's hello world in the sandbox\n";
    Result<int> checked = CheckAll(all, json, &doc);
    if (!checked.ok()) return ReportError("languages", checked.status());
    exit_code = *checked;
  }
  if (json) PrintJson(doc);
  return exit_code;
}

}  // namespace

void RegisterLanguages(CLI::App& app, int* exit_code) {
  auto json = std::make_shared<bool>(false);
  auto check = std::make_shared<bool>(false);
  auto extra = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("languages", "List the language profiles and whether each is available");
  cmd->add_flag("--json", *json, "print a JSON array");
  cmd->add_flag("--check", *check, "compile and run each available profile's hello world in the sandbox");
  cmd->add_option("--languages", *extra, "an extra languages.yaml");
  cmd->callback([=] { *exit_code = RunLanguages(*json, *check, *extra); });
}

}  // namespace judge::cli
