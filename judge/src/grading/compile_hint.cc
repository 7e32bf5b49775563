// Suggesting another profile after a compile error (see judge/grading/compile_hint.h).
#include "judge/grading/compile_hint.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "judge/base/files.h"

namespace judge {
namespace {

constexpr const char* kOrigin = "{origin}";

bool WordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// The original judges the problem's source names, in the order it names them.
std::vector<std::string> NamedJudges(const LanguageSet& languages, const std::vector<std::string>& sources) {
  std::vector<std::pair<std::pair<std::size_t, std::size_t>, std::string>> found;  // (source, position), judge
  for (const auto& p : languages.profiles()) {
    if (p.original_judge.empty()) continue;
    if (std::any_of(found.begin(), found.end(), [&](const auto& f) { return f.second == p.original_judge; }))
      continue;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      std::size_t at = NamedAt(sources[i], p.original_judge);
      if (at == std::string::npos) continue;
      found.push_back({{i, at}, p.original_judge});
      break;
    }
  }
  std::sort(found.begin(), found.end());
  std::vector<std::string> out;
  for (auto& f : found) out.push_back(std::move(f.second));
  return out;
}

// "{origin}" expanded (see SuggestionCandidates).
std::vector<const LanguageProfile*> OriginProfiles(const LanguageSet& languages,
                                                   const std::vector<std::string>& sources) {
  std::vector<const LanguageProfile*> out;
  std::vector<std::string> judges = NamedJudges(languages, sources);
  for (const auto& judge : judges)
    for (const auto& p : languages.profiles())
      if (p.original_judge == judge) out.push_back(&p);
  if (judges.empty())
    for (const auto& p : languages.profiles())
      if (!p.original_judge.empty()) out.push_back(&p);
  return out;
}

bool CompilesAlike(const LanguageProfile& a, const LanguageProfile& b) {
  return a.compile == b.compile && a.source_name == b.source_name && a.support_dir == b.support_dir;
}

}  // namespace

std::size_t NamedAt(const std::string& text, const std::string& judge) {
  if (judge.empty()) return std::string::npos;
  auto same = [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  };
  for (auto it = text.begin();; ++it) {
    it = std::search(it, text.end(), judge.begin(), judge.end(), same);
    if (it == text.end()) return std::string::npos;
    const std::size_t at = static_cast<std::size_t>(it - text.begin());
    const std::size_t end = at + judge.size();
    if ((at == 0 || !WordChar(text[at - 1])) && (end == text.size() || !WordChar(text[end]))) return at;
  }
}

std::vector<const LanguageProfile*> SuggestionCandidates(const LanguageProfile& failed, const LanguageSet& languages,
                                                         const std::vector<std::string>& problem_sources) {
  std::vector<const LanguageProfile*> listed;
  for (const auto& id : failed.suggest_on_error) {
    if (id == kOrigin) {
      std::vector<const LanguageProfile*> origin = OriginProfiles(languages, problem_sources);
      listed.insert(listed.end(), origin.begin(), origin.end());
    } else if (const LanguageProfile* p = languages.Find(id)) {
      listed.push_back(p);
    }
  }
  std::vector<const LanguageProfile*> out;
  for (const LanguageProfile* p : listed) {
    if (p->id == failed.id || CompilesAlike(*p, failed)) continue;
    if (std::any_of(out.begin(), out.end(), [&](const LanguageProfile* q) { return q == p || CompilesAlike(*p, *q); }))
      continue;
    out.push_back(p);
  }
  return out;
}

Result<std::string> SuggestProfile(Compiler* compiler, std::string_view source, const LanguageProfile& failed,
                                   const LanguageSet& languages, const std::vector<std::string>& problem_sources,
                                   const std::string& work_dir) {
  for (const LanguageProfile* other : SuggestionCandidates(failed, languages, problem_sources)) {
    if (!CheckAvailability(*other).available) continue;
    std::string dir = work_dir + "/suggest-" + other->id;
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir));
    JUDGE_ASSIGN_OR_RETURN(CompileOutcome tried, compiler->Compile(source, *other, dir));
    if (tried.ok) return other->id;
  }
  return std::string();
}

std::string WithSuggestion(const std::string& message, const LanguageProfile& suggested) {
  return message + "; it compiles as " + suggested.id + " (" + suggested.name + "): try --lang " + suggested.id;
}

}  // namespace judge
