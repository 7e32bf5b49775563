// judge languages [--json] [--languages FILE]: the language profiles (shipped, the
// user's, and FILE), their commands, and whether each is available on this host
// (with the reason when not). Exit 0; 3 when a languages file cannot be read.
#include <iostream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "judge/compiler.h"
#include "judge/language.h"

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

int RunLanguages(bool json, const std::string& extra) {
  auto set = LoadLanguages(extra);
  if (!set.ok()) return ReportError("languages", set.status());
  std::vector<LanguageProfile> all = set->profiles();
  all.push_back(BinaryProfile());
  Json doc = Json::array();
  for (const auto& p : all) {
    LanguageAvailability a = p.id == "binary" ? LanguageAvailability{true, ""} : CheckAvailability(p);
    std::string version = a.available ? ToolchainVersion(p) : "";
    if (json) {
      doc.push_back({{"id", p.id},
                     {"name", p.name},
                     {"extensions", p.extensions},
                     {"compile", p.compile},
                     {"run", p.run},
                     {"available", a.available},
                     {"reason", a.reason},
                     {"version", version},
                     {"origin", p.origin}});
      continue;
    }
    std::cout << p.id << "  " << p.name;
    if (!p.extensions.empty()) std::cout << "  [default for " << Join(p.extensions) << "]";
    std::cout << "\n";
    if (a.available)
      std::cout << "    available" << (version.empty() ? "" : ": " + version) << "\n";
    else
      std::cout << "    unavailable: " << a.reason << "\n";
    if (!p.compile.empty()) std::cout << "    compile: " << Join(p.compile) << "\n";
    std::cout << "    run:     " << Join(p.run) << "\n";
  }
  if (json) PrintJson(doc);
  else
    std::cout << "(a file with no known extension is run as a contestant binary; profiles from "
              << DefaultLanguagesPath() << ", " << UserLanguagesPath() << " when present, and --languages)\n";
  return kExitOk;
}

}  // namespace

void RegisterLanguages(CLI::App& app, int* exit_code) {
  auto json = std::make_shared<bool>(false);
  auto extra = std::make_shared<std::string>();
  auto* cmd = app.add_subcommand("languages", "List the language profiles and whether each is available");
  cmd->add_flag("--json", *json, "print a JSON array");
  cmd->add_option("--languages", *extra, "an extra languages.yaml");
  cmd->callback([=] { *exit_code = RunLanguages(*json, *extra); });
}

}  // namespace judge::cli
