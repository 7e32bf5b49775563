#include "generator.h"

#include <optional>
#include <string_view>

#include "random_board.h"
#include "eight/rank.h"
#include "common/rng.h"
#include "eight/solver.h"

namespace eight {
namespace {

enum class Source { kUniform, kWalk, kDistance };
enum class TextLayout { kLine, kGrid, kMessy };

struct Spec {
  int64_t cases = 10;
  Source source = Source::kUniform;
  int64_t depth = 0;
  int64_t distance = 0;
  int64_t unsolvable_percent = 20;
  TextLayout layout = TextLayout::kLine;
};

std::optional<int64_t> ParseInt(std::string_view s) {
  if (s.empty() || s.size() > 18) return std::nullopt;
  int64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  return v;
}

std::string Bad(const std::string& key, const std::string& expected, const std::string& found) {
  return "parameter '" + key + "': expected " + expected + ", found '" + found + "'";
}

// Fills *spec from params; returns the error or "".
std::string ParseSpec(const Params& params, CaseCount count, Spec* spec) {
  const bool multi = count == CaseCount::kOneOrMore;
  spec->cases = multi ? 10 : 1;
  bool has_depth = false, has_distance = false;
  auto integer = [](const std::string& key, const std::string& value, int64_t lo, int64_t hi,
                    int64_t* out) -> std::string {
    auto v = ParseInt(value);
    if (!v || *v < lo || *v > hi)
      return Bad(key, "an integer " + std::to_string(lo) + ".." + std::to_string(hi), value);
    *out = *v;
    return "";
  };
  for (const auto& [key, value] : params) {
    std::string e;
    if (key == "cases" && multi) {
      e = integer(key, value, 1, 100000, &spec->cases);
    } else if (key == "depth") {
      has_depth = true;
      if (value == "uniform") {
        spec->source = Source::kUniform;
      } else if (ParseInt(value) && *ParseInt(value) <= 100000) {
        spec->source = Source::kWalk;
        spec->depth = *ParseInt(value);
      } else {
        e = Bad(key, "an integer 0..100000 or 'uniform'", value);
      }
    } else if (key == "distance") {
      has_distance = true;
      spec->source = Source::kDistance;
      e = integer(key, value, 0, kMaxDistance, &spec->distance);
    } else if (key == "unsolvable") {
      e = integer(key, value, 0, 100, &spec->unsolvable_percent);
    } else if (key == "layout") {
      if (value == "line") spec->layout = TextLayout::kLine;
      else if (value == "grid") spec->layout = TextLayout::kGrid;
      else if (value == "messy") spec->layout = TextLayout::kMessy;
      else e = Bad(key, "line, grid or messy", value);
    } else {
      e = "unknown parameter '" + key + "' (known: " +
          (multi ? "cases, " : "") + "depth, distance, unsolvable, layout)";
    }
    if (!e.empty()) return e;
  }
  if (has_depth && has_distance)
    return "parameters 'depth' and 'distance' exclude each other: give one";
  return "";
}

void AppendMessy(const Board& b, common::Rng& rng, std::string* out) {
  static constexpr std::string_view kSeparators[] = {" ", "  ", "\t", "\n", " \t ", "\r\n", "\n\n"};
  std::string compact = ToCompact(b);
  for (int i = 0; i < kCells; ++i) {
    if (rng.Below(4) == 0) *out += kSeparators[rng.Below(std::size(kSeparators))];
    *out += compact[i];
    *out += kSeparators[rng.Below(std::size(kSeparators))];
  }
}

}  // namespace

GeneratedInput GenerateInput(uint64_t seed, const Params& params, CaseCount count) {
  GeneratedInput g;
  Spec spec;
  g.error = ParseSpec(params, count, &spec);
  if (!g.ok()) return g;
  std::vector<uint32_t> at_distance;
  if (spec.source == Source::kDistance) at_distance = RanksAtDistance(static_cast<int>(spec.distance));
  common::Rng rng(seed);
  for (int64_t c = 0; c < spec.cases; ++c) {
    bool unsolvable = static_cast<int64_t>(rng.Below(100)) < spec.unsolvable_percent;
    Board b;
    switch (spec.source) {
      case Source::kUniform: b = UniformSolvableBoard(rng); break;
      case Source::kWalk: b = RandomWalkBoard(rng, static_cast<int>(spec.depth)); break;
      case Source::kDistance: b = Unrank(at_distance[rng.Below(at_distance.size())]); break;
    }
    if (unsolvable) b = FlipSolvability(b);
    switch (spec.layout) {
      case TextLayout::kLine: g.text += FormatBoard(b, Layout::kLine); break;
      case TextLayout::kGrid: g.text += FormatBoard(b, Layout::kGrid); break;
      case TextLayout::kMessy: AppendMessy(b, rng, &g.text); break;
    }
  }
  if (spec.layout == TextLayout::kMessy && (g.text.empty() || g.text.back() != '\n')) g.text += '\n';
  return g;
}

}  // namespace eight
