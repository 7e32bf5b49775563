// test-hostile: a plugin (built with the SDK) that misbehaves on request, to prove
// that isolated calls survive it. Every callback looks at its input (generate: at
// param mode=...) and then:
//   "segv"   writes to address 16 (SIGSEGV)        "abort"  calls std::abort
//   "throw"  throws std::runtime_error (the SDK turns it into FAILURE)
//   "loop"   spins on the CPU forever              "hang"   sleeps forever (no CPU)
//   "alloc"  allocates and touches 1 MiB blocks without end
//   "exit"   calls exit(0) in the middle of the call
//   "xcpu"   raises SIGXCPU itself, far under any CPU limit
//   "print"  writes to stdout, then behaves
//   "big:N"  writes N bytes of output (solve, generate)
// Anything else behaves: solve "ok\n", check AC "fine", validate OK, generate "1 2\n".
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "judge_plugin_sdk.h"

namespace {

using judge::sdk::CheckResult;
using judge::sdk::Options;

void Misbehave(std::string_view what) {
  if (what == "segv") {
    volatile uintptr_t address = 16;  // unmapped; volatile hides the constant from the compiler
    *reinterpret_cast<volatile int*>(address) = 1;
  } else if (what == "abort") {
    std::abort();
  } else if (what == "throw") {
    throw std::runtime_error("boom from the hostile plugin");
  } else if (what == "loop") {
    volatile uint64_t n = 0;
    for (;;) n = n + 1;
  } else if (what == "hang") {
    for (;;) ::sleep(1000);
  } else if (what == "alloc") {
    std::vector<std::unique_ptr<char[]>> blocks;
    for (;;) {
      blocks.emplace_back(new char[1 << 20]);
      std::memset(blocks.back().get(), 7, 1 << 20);
    }
  } else if (what == "exit") {
    std::exit(0);
  } else if (what == "xcpu") {
    std::raise(SIGXCPU);
  } else if (what == "print") {
    std::printf("noise from the hostile plugin\n");
    std::fflush(stdout);
  }
}

std::string Trimmed(std::string_view s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.remove_suffix(1);
  return std::string(s);
}

std::string MaybeBig(std::string_view what, std::string normal) {
  if (what.substr(0, 4) == "big:") return std::string(std::stoull(std::string(what.substr(4))), 'x');
  return normal;
}

class Hostile : public judge::sdk::Problem {
 public:
  std::string Solve(std::string_view input) const override {
    Misbehave(Trimmed(input));
    return MaybeBig(Trimmed(input), "ok\n");
  }
  CheckResult Check(std::string_view input, std::string_view, std::string_view, const Options&) const override {
    Misbehave(Trimmed(input));
    return CheckResult::Accepted("fine");
  }
  std::string Validate(std::string_view input) const override {
    Misbehave(Trimmed(input));
    return "";
  }
  std::string Generate(uint64_t, const Options& params) const override {
    std::string mode = params.GetString("mode", "");
    Misbehave(mode);
    return MaybeBig(mode, "1 2\n");
  }
};

}  // namespace

JUDGE_PLUGIN(Hostile, "test-hostile", "0.0.1")
