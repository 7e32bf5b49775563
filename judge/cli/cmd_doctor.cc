// judge doctor [--json]: which isolation features work on this host and which are
// missing, found by trying each one (namespaces, cgroup v1 controllers and cgroup v2,
// seccomp, uid switching, no_new_privs), then one end-to-end sandboxed run.
// Exit: 0 when every required feature works, 1 when one is missing.
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "judge/sandbox/sandbox.h"
#include "judge/sandbox/sandbox_doctor.h"

namespace judge::cli {
namespace {

int DoDoctor(bool json) {
  SandboxOptions options;
  std::vector<IsolationFeature> features = ProbeIsolation(options);
  bool ok = true;
  bool any_cgroup = false;
  for (const auto& f : features) {
    if (f.required && !f.available) ok = false;
    if (f.available && (f.name == "cgroup-v2" || f.name == "cgroup-v1-memory")) any_cgroup = true;
  }
  if (json) {
    Json doc;
    doc["ok"] = ok;
    doc["cgroups"] = any_cgroup;
    Json list = Json::array();
    for (const auto& f : features)
      list.push_back({{"name", f.name}, {"available", f.available}, {"required", f.required}, {"detail", f.detail}});
    doc["features"] = list;
    PrintJson(doc);
  } else {
    for (const auto& f : features) {
      const char* mark = f.available ? "ok     " : f.required ? "MISSING" : "absent ";
      std::cout << mark << "  " << f.name << std::string(f.name.size() < 20 ? 20 - f.name.size() : 1, ' ')
                << f.detail << "\n";
    }
    if (!any_cgroup)
      std::cout << "warning: no usable cgroups: time and memory fall back to rlimits + /proc polling "
                   "(approximate)\n";
    std::cout << (ok ? "the sandbox works on this host\n" : "the sandbox cannot run on this host\n");
  }
  return ok ? kExitOk : kExitNegative;
}

}  // namespace

void RegisterDoctor(CLI::App& app, int* exit_code) {
  auto json = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("doctor", "Report which sandbox isolation features work on this host");
  cmd->add_flag("--json", *json, "print one JSON object");
  cmd->callback([json, exit_code] { *exit_code = DoDoctor(*json); });
}

}  // namespace judge::cli
