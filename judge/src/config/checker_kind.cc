// The table of checker kinds (judge/config/checker_kind.h).
#include "judge/config/checker_kind.h"

#include <array>
#include <cstdlib>
#include <vector>

namespace judge {
namespace {

using K = CheckerKind;

// One row per kind, in the enum's order (checked below at compile time).
//   kind, name, builtin, needs_answer_file, runs_program, checks_answer_files
constexpr std::array<CheckerKindInfo, 8> kKinds = {{
    {K::kPlugin, "plugin", false, false, false, false},
    {K::kExact, "exact", true, true, false, false},
    {K::kLines, "lines", true, true, false, false},
    {K::kTokens, "tokens", true, true, false, false},
    {K::kFloat, "float", true, true, false, false},
    // The Kattis default validator: problemtools runs it on the answer files too
    // (its flags may make an answer unreadable as its own output).
    {K::kDefault, "default", true, true, false, true},
    {K::kKattis, "kattis", false, false, true, true},
    {K::kTestlib, "testlib", false, false, true, true},
}};

constexpr bool InEnumOrder() {
  for (std::size_t i = 0; i < kKinds.size(); ++i)
    if (static_cast<std::size_t>(kKinds[i].kind) != i) return false;
  return true;
}
static_assert(InEnumOrder(), "kKinds: one row per CheckerKind, in the enum's order");
static_assert(static_cast<std::size_t>(K::kTestlib) + 1 == kKinds.size(), "kKinds: a CheckerKind has no row");

}  // namespace

std::span<const CheckerKindInfo> CheckerKinds() { return kKinds; }

const CheckerKindInfo& CheckerKindInfoOf(CheckerKind kind) {
  const auto i = static_cast<std::size_t>(kind);
  // A value outside the enum is memory corruption, not an input: stop.
  if (i >= kKinds.size()) std::abort();
  return kKinds[i];
}

std::optional<CheckerKind> CheckerKindNamed(std::string_view name) {
  for (const CheckerKindInfo& k : kKinds)
    if (k.name == name) return k.kind;
  return std::nullopt;
}

std::string CheckerKindNameList(bool CheckerKindInfo::*only_with) {
  std::vector<std::string_view> names;
  for (const CheckerKindInfo& k : kKinds)
    if (!only_with || k.*only_with) names.push_back(k.name);
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace judge
