// Which of a Polygon package's solutions a file given on the command line is
// (FindPolygonSolution, judge/config/polygon.h): `grade` then judges it with the
// profile `verify` gives it.
#include <sys/stat.h>

#include "judge/config/polygon.h"

namespace judge {
namespace {

// A file's identity: device and inode.
struct FileId {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileId& o) const { return device == o.device && inode == o.inode; }
};

// The regular file at path; follow: through symbolic links (else a link is no file).
std::optional<FileId> RegularFileId(const std::string& path, bool follow) {
  struct stat st {};
  if ((follow ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st)) != 0 || !S_ISREG(st.st_mode))
    return std::nullopt;
  return FileId{st.st_dev, st.st_ino};
}

}  // namespace

Result<std::optional<PolygonSolution>> FindPolygonSolution(const std::string& dir, const std::string& file) {
  if (!IsPolygonPackage(dir)) return std::optional<PolygonSolution>();
  const std::optional<FileId> wanted = RegularFileId(file, /*follow=*/false);
  if (!wanted) return std::optional<PolygonSolution>();
  // Every solution's file is inside the package, links included (the load refuses one
  // leading out), so following its path never reaches a file outside.
  JUDGE_ASSIGN_OR_RETURN(std::vector<PolygonSolution> solutions, LoadPolygonSolutions(dir));
  for (auto& s : solutions)
    if (RegularFileId(s.path, /*follow=*/true) == wanted) return std::optional<PolygonSolution>(std::move(s));
  return std::optional<PolygonSolution>();
}

}  // namespace judge
