// A profile's support files, copied into the compile directory (see support_files.h).
#include "support_files.h"

#include "judge/base/files.h"
#include "judge/base/hash.h"

namespace judge {

Result<std::vector<SourceFile>> ReadSupportFiles(const LanguageProfile& profile) {
  std::vector<SourceFile> out;
  if (profile.support_dir.empty()) return out;
  const std::string& dir = profile.support_dir;
  const std::string base = dir.substr(dir.rfind('/') + 1);
  Result<std::vector<std::string>> names = fs::ListFiles(dir);
  if (!names.ok()) return names.status().WithContext("language " + profile.id + ": its support folder");
  for (const auto& name : *names) {
    Result<std::string> bytes = fs::ReadFile(dir + "/" + name);
    if (!bytes.ok()) return bytes.status().WithContext("language " + profile.id + ": its support folder");
    out.push_back(SourceFile{base + "/" + name, std::move(bytes).value(), false});
  }
  return out;
}

std::string SupportFilesDigest(const std::vector<SourceFile>& files) {
  if (files.empty()) return "";
  std::string material = "judge-support-files-v1";
  for (const auto& f : files) material += f.name + '\0' + Sha256Hex(f.bytes) + '\0';
  return Sha256Hex(material);
}

}  // namespace judge
