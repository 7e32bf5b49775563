// The codec of a multi-file submission's files as one stored source (see
// judge/grading/compiler.h: EncodeSourceFiles, DecodeSourceFiles).
#include <algorithm>

#include "judge/grading/compiler.h"

namespace judge {

std::string EncodeSourceFiles(std::vector<SourceFile> files) {
  std::sort(files.begin(), files.end(), [](const SourceFile& a, const SourceFile& b) { return a.name < b.name; });
  std::string out;
  for (const auto& f : files) out += f.name + "\n" + std::to_string(f.bytes.size()) + "\n" + f.bytes;
  return out;
}

Result<std::vector<SourceFile>> DecodeSourceFiles(std::string_view bytes) {
  std::vector<SourceFile> out;
  std::size_t i = 0;
  auto bad = [](const std::string& why) { return Status::Corrupt("a multi-file submission: " + why); };
  while (i < bytes.size()) {
    std::size_t nl = bytes.find('\n', i);
    if (nl == std::string_view::npos) return bad("a file name without its size");
    SourceFile f;
    f.name = std::string(bytes.substr(i, nl - i));
    if (f.name.empty() || f.name == "." || f.name == ".." || f.name.find('/') != std::string::npos ||
        f.name.find('\0') != std::string::npos)
      return bad("\"" + f.name + "\" is not a plain file name");
    std::size_t nl2 = bytes.find('\n', nl + 1);
    if (nl2 == std::string_view::npos || nl2 == nl + 1 || nl2 - nl > 20) return bad("no size after " + f.name);
    std::size_t size = 0;
    for (std::size_t j = nl + 1; j < nl2; ++j) {
      if (bytes[j] < '0' || bytes[j] > '9') return bad("a size that is not a number after " + f.name);
      size = size * 10 + static_cast<std::size_t>(bytes[j] - '0');
    }
    if (size > bytes.size() - nl2 - 1) return bad(f.name + " is cut short");
    f.bytes = std::string(bytes.substr(nl2 + 1, size));
    i = nl2 + 1 + size;
    out.push_back(std::move(f));
  }
  if (out.empty()) return bad("no files");
  return out;
}

}  // namespace judge
