// Suggesting another profile after a compile error (see judge/compile_hint.h).
#include "judge/compile_hint.h"

#include "judge/base/files.h"

namespace judge {

Result<std::string> SuggestProfile(Compiler* compiler, std::string_view source, const LanguageProfile& failed,
                                   const LanguageSet& languages, const std::string& work_dir) {
  for (const auto& id : failed.suggest_on_error) {
    const LanguageProfile* other = languages.Find(id);
    if (!other || other->id == failed.id || !CheckAvailability(*other).available) continue;
    std::string dir = work_dir + "/suggest-" + id;
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir));
    JUDGE_ASSIGN_OR_RETURN(CompileOutcome tried, compiler->Compile(source, *other, dir));
    if (tried.ok) return id;
  }
  return std::string();
}

std::string WithSuggestion(const std::string& message, const LanguageProfile& suggested) {
  return message + "; it compiles as " + suggested.id + " (" + suggested.name + "): try --lang " + suggested.id;
}

}  // namespace judge
