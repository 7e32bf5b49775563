// The judge executable: wires the subcommands, nothing else.
//
// Only the subcommand named on the command line is registered with CLI11 (all of them
// for top-level help or a mistyped name): building every subcommand's options is work
// a `judge run` would otherwise pay at each start. CLI11 comes through commands.h.
#include <cstring>

#include "cli_util.h"
#include "commands.h"

namespace {

struct Subcommand {
  const char* name;
  void (*add)(CLI::App& app, int* exit_code);
};

constexpr Subcommand kSubcommands[] = {
    {"grade", judge::cli::RegisterGrade},       {"solve", judge::cli::RegisterSolve},
    {"check", judge::cli::RegisterCheck},       {"validate", judge::cli::RegisterValidate},
    {"generate", judge::cli::RegisterGenerate}, {"verify", judge::cli::RegisterVerify},
    {"stress", judge::cli::RegisterStress},     {"run", judge::cli::RegisterRun},
    {"history", judge::cli::RegisterHistory},   {"show", judge::cli::RegisterShow},
    {"rejudge", judge::cli::RegisterRejudge},   {"languages", judge::cli::RegisterLanguages},
    {"doctor", judge::cli::RegisterDoctor},     {"serve", judge::cli::RegisterServe},
    {"worker", judge::cli::RegisterWorker},
};

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"judge: grade programs against problem packages, in a sandbox"};
  app.require_subcommand(1);
  int exit_code = judge::cli::kExitOk;
  const Subcommand* named = nullptr;
  for (const Subcommand& s : kSubcommands)
    if (argc > 1 && std::strcmp(argv[1], s.name) == 0) named = &s;
  if (named) {
    named->add(app, &exit_code);
  } else {
    for (const Subcommand& s : kSubcommands) s.add(app, &exit_code);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return judge::cli::kExitUsage;
  }
  return exit_code;
}
