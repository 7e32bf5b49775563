#include "judge/language_choice.h"

namespace judge {
namespace {

Result<LanguageProfile> IfAvailable(const LanguageProfile& p) {
  LanguageAvailability a = CheckAvailability(p);
  if (!a.available) return Status::Unsupported("language " + p.id + " is not available here: " + a.reason);
  return p;
}

}  // namespace

Result<LanguageProfile> ChooseLanguage(const LanguageSet& languages, const std::string& file,
                                       const std::string& lang_id) {
  if (lang_id == "binary") return BinaryProfile();
  if (lang_id.empty()) {
    const LanguageProfile* p = languages.ForFile(file);
    return p ? IfAvailable(*p) : Result<LanguageProfile>(BinaryProfile());
  }
  const LanguageProfile* p = languages.Find(lang_id);
  if (p) return IfAvailable(*p);
  std::string known;
  for (const auto& q : languages.profiles()) known += (known.empty() ? "" : ", ") + q.id;
  return Status::InvalidArgument("unknown language \"" + lang_id + "\" (known: " + known + ", binary)");
}

Result<LanguageProfile> StoredLanguage(const LanguageSet& languages, const std::string& language_id) {
  if (language_id == "binary") return BinaryProfile();
  const LanguageProfile* p = languages.Find(language_id);
  if (!p)
    return Status::NotFound("language \"" + language_id + "\" is defined by no language profile now");
  return IfAvailable(*p);
}

}  // namespace judge
