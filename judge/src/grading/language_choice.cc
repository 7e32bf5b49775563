#include "judge/grading/language_choice.h"

#include <fcntl.h>
#include <unistd.h>

#include <set>

#include "judge/base/unique_fd.h"

namespace judge {
namespace {

Result<LanguageProfile> IfAvailable(const LanguageProfile& p) {
  LanguageAvailability a = CheckAvailability(p);
  if (!a.available) return Status::Unsupported("language " + p.id + " is not available here: " + a.reason);
  return p;
}

// The first bytes of a file; "" when it cannot be read (the caller reports that).
std::string Head(const std::string& file) {
  UniqueFd fd(open(file.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
  if (!fd) return "";
  char buf[128];  // an ELF magic, or a #! line
  ssize_t n = read(fd.get(), buf, sizeof buf);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
}

std::string BaseName(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

Status UnknownLanguage(const LanguageSet& languages, const std::string& file_name, LanguageAsker asker) {
  std::string base = BaseName(file_name);
  auto dot = base.rfind('.');
  std::string found = dot == std::string::npos || dot == 0 ? "no extension" : "extension \"" + base.substr(dot) + "\"";
  std::set<std::string> known;
  for (const auto& p : languages.profiles())
    for (const auto& e : p.extensions) known.insert(e);
  std::string list;
  for (const auto& e : known) list += (list.empty() ? "" : " ") + e;
  if (list.empty()) list = "none is defined";
  const std::string how = asker == LanguageAsker::kCommandLine
                              ? "name the language with --lang ID (--lang binary runs the file as a program)"
                              : "name the language with \"language\"";
  return Status::Unsupported("unknown language: expected a source extension (" + list +
                             ") or an ELF executable, found " + found + "; " + how);
}

}  // namespace

bool LooksLikeElf(std::string_view head) { return head.size() >= 4 && head.substr(0, 4) == "\x7f" "ELF"; }

Result<LanguageProfile> ChooseLanguageFor(const LanguageSet& languages, const std::string& file_name,
                                          std::string_view head, const std::string& lang_id, LanguageAsker asker) {
  auto usable = [asker](const LanguageProfile& p) -> Result<LanguageProfile> {
    return asker == LanguageAsker::kCommandLine ? IfAvailable(p) : Result<LanguageProfile>(p);
  };
  if (lang_id == "binary") return BinaryProfile();
  if (lang_id.empty()) {
    // problemtools tells Python 2 from 3 by the #! line; no Python 2 is offered here.
    if (head.rfind("#!", 0) == 0 && head.substr(0, head.find('\n')).find("python2") != std::string_view::npos)
      return Status::Unsupported(file_name + ": Python 2 (its #! line names python2), which this judge does not offer");
    if (const LanguageProfile* p = languages.ForFile(file_name)) return usable(*p);
    if (LooksLikeElf(head)) return BinaryProfile();
    return UnknownLanguage(languages, file_name, asker);
  }
  JUDGE_RETURN_IF_ERROR(KnownLanguageId(languages, lang_id));
  return usable(*languages.Find(lang_id));
}

Status KnownLanguageId(const LanguageSet& languages, const std::string& lang_id) {
  if (lang_id.empty() || lang_id == "binary" || languages.Find(lang_id)) return Status::Ok();
  std::string known;
  for (const auto& q : languages.profiles()) known += (known.empty() ? "" : ", ") + q.id;
  return Status::InvalidArgument("unknown language \"" + lang_id + "\" (known: " + known + ", binary)");
}

Result<LanguageProfile> ChooseLanguage(const LanguageSet& languages, const std::string& file,
                                       const std::string& lang_id) {
  auto ends_py = [&] { return file.size() > 3 && file.compare(file.size() - 3, 3, ".py") == 0; };
  bool by_content = lang_id.empty() && (!languages.ForFile(file) || ends_py());
  return ChooseLanguageFor(languages, file, by_content ? Head(file) : std::string(), lang_id);
}

Result<LanguageProfile> StoredLanguage(const LanguageSet& languages, const std::string& language_id) {
  if (language_id == "binary") return BinaryProfile();
  const LanguageProfile* p = languages.Find(language_id);
  if (!p)
    return Status::NotFound("language \"" + language_id + "\" is defined by no language profile now");
  return IfAvailable(*p);
}

}  // namespace judge
