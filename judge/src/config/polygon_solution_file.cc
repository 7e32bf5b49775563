// Which of a Polygon package's solutions a file given on the command line is
// (FindPolygonSolution, judge/config/polygon.h): `grade` then judges it with the
// profile `verify` gives it.
#include <sys/stat.h>

#include <filesystem>

#include "judge/config/polygon.h"

namespace judge {
namespace {

namespace fs_std = std::filesystem;

// A file's identity, when path names a regular file itself (lstat: a symbolic link is
// not followed, and so is no regular file).
struct FileId {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileId& o) const { return device == o.device && inode == o.inode; }
};

std::optional<FileId> RegularFileId(const std::string& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

// The solution's file, when rel (its path in problem.xml) reaches it from dir without
// leaving the package: relative, no "..", and no component a symbolic link.
std::optional<FileId> SolutionFileId(const std::string& dir, const std::string& rel) {
  const fs_std::path relative(rel);
  if (rel.empty() || relative.is_absolute()) return std::nullopt;
  fs_std::path at(dir);
  for (const auto& part : relative) {
    if (part == "..") return std::nullopt;
    at /= part;
    struct stat st {};
    if (::lstat(at.c_str(), &st) != 0 || S_ISLNK(st.st_mode)) return std::nullopt;
  }
  return RegularFileId(at.string());
}

}  // namespace

Result<std::optional<PolygonSolution>> FindPolygonSolution(const std::string& dir, const std::string& file) {
  if (!IsPolygonPackage(dir)) return std::optional<PolygonSolution>();
  const std::optional<FileId> wanted = RegularFileId(file);
  if (!wanted) return std::optional<PolygonSolution>();
  JUDGE_ASSIGN_OR_RETURN(std::vector<PolygonSolution> solutions, LoadPolygonSolutions(dir));
  for (auto& s : solutions)
    if (SolutionFileId(dir, s.rel) == wanted) return std::optional<PolygonSolution>(std::move(s));
  return std::optional<PolygonSolution>();
}

}  // namespace judge
