#include "state_dir.h"

#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <functional>
#include <vector>

#include "judge/base/dir_names.h"
#include "judge/base/errors.h"
#include "judge/base/files.h"
#include "judge/base/hash.h"
#include "judge/base/unique_fd.h"

namespace judge::sandbox {

Status MakePrivateStateDir(const std::string& dir) {
  const std::string what = "sandbox state directory " + dir;
  std::size_t slash = dir.rfind('/');
  if (slash != 0 && slash != std::string::npos)
    JUDGE_RETURN_IF_ERROR(fs::MakeDirs(dir.substr(0, slash)).WithContext(what));
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return ErrnoStatus(errno, "cannot create " + what);
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    if (errno == ELOOP || errno == ENOTDIR)
      return Status::InvalidArgument(what + ": expected a directory, found a symbolic link or another kind");
    return ErrnoStatus(errno, "cannot open " + what);
  }
  struct stat st;
  if (::fstat(fd.get(), &st) != 0) return ErrnoStatus(errno, "cannot stat " + what);
  if (st.st_uid != ::geteuid())
    return Status::InvalidArgument(what + ": expected a directory owned by uid " + std::to_string(::geteuid()) +
                                   ", found one owned by uid " + std::to_string(st.st_uid));
  if ((st.st_mode & 07777) != 0700 && ::fchmod(fd.get(), 0700) != 0)
    return ErrnoStatus(errno, "cannot make " + what + " private (mode 0700)");
  return Status::Ok();
}

namespace {

constexpr const char* kEtcMarker = ".judge-etc-complete";
constexpr const char* kHostEtc = "/etc";

// Host /etc entries copied into the run's /etc when present. Only world-readable
// files are copied: nothing the unprivileged uid could not read on the host anyway.
constexpr const char* kEtcCopied[] = {
    "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "alternatives", "localtime", "timezone",
    "python3",     "python3.11", "java-17-openjdk", "java-21-openjdk", "mime.types", "os-release",
};

bool Exists(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

// The files the judge writes into the run's /etc, by name.
std::vector<std::pair<std::string, std::string>> GeneratedFiles(int first_uid, int slots) {
  std::string passwd = "root:x:0:0:root:/root:/bin/sh\n";
  std::string group = "root:x:0:\n";
  for (int k = 0; k < slots; ++k) {
    std::string id = std::to_string(first_uid + k);
    passwd += "judge" + std::to_string(k) + ":x:" + id + ":" + id + ":judge:/tmp:/bin/sh\n";
    group += "judge" + std::to_string(k) + ":x:" + id + ":\n";
  }
  passwd += "nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n";
  group += "nogroup:x:65534:\n";
  return {{"passwd", passwd},
          {"group", group},
          {"hosts", "127.0.0.1 localhost\n::1 localhost\n"},
          {"hostname", "judge\n"},
          {"nsswitch.conf", "passwd: files\ngroup: files\nhosts: files\n"}};
}

// What the run's /etc is made of: the marker's text; its hash names the directory.
std::string EtcRecipe(int first_uid, int slots) {
  std::string recipe = "judge-etc 2\nfirst_uid " + std::to_string(first_uid) + "\nslots " + std::to_string(slots) + "\n";
  for (const char* name : kEtcCopied)
    if (Exists(std::string(kHostEtc) + "/" + name)) recipe += std::string("host ") + name + "\n";
  return recipe;
}

// The names in dir (none when it cannot be read).
std::vector<std::string> NamesIn(const std::string& dir) {
  UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) return {};
  Result<std::vector<std::string>> names = fs::DirNamesAt(fd.get(), dir);
  return names.ok() ? std::move(names).value() : std::vector<std::string>{};
}

enum class EntryKind { kLink, kDirectory, kFile };
using EntryVisitor = std::function<Status(const std::string& host, const std::string& copy, EntryKind kind)>;

// Calls visit for `host` and everything below it that the run's /etc holds (links,
// directories, world-readable regular files), a directory before its entries, and
// `copy` the same entry's path in the copy. Stops at the first visit that fails.
Status WalkCopied(const std::string& host, const std::string& copy, const EntryVisitor& visit) {
  struct stat st;
  if (::lstat(host.c_str(), &st) != 0) return Status::Ok();  // gone from the host meanwhile
  if (S_ISLNK(st.st_mode)) return visit(host, copy, EntryKind::kLink);
  if (S_ISREG(st.st_mode)) return (st.st_mode & S_IROTH) ? visit(host, copy, EntryKind::kFile) : Status::Ok();
  if (!S_ISDIR(st.st_mode)) return Status::Ok();
  JUDGE_RETURN_IF_ERROR(visit(host, copy, EntryKind::kDirectory));
  for (const std::string& n : NamesIn(host)) JUDGE_RETURN_IF_ERROR(WalkCopied(host + "/" + n, copy + "/" + n, visit));
  return Status::Ok();
}

Status CopyEntry(const std::string& host, const std::string& copy, EntryKind kind) {
  switch (kind) {
    case EntryKind::kLink: {
      char target[4096];
      ssize_t n = ::readlink(host.c_str(), target, sizeof target - 1);
      if (n < 0) return ErrnoStatus(errno, "cannot read the link " + host);
      target[n] = '\0';
      if (::symlink(target, copy.c_str()) != 0) return ErrnoStatus(errno, "cannot create the link " + copy);
      return Status::Ok();
    }
    case EntryKind::kDirectory:
      if (::mkdir(copy.c_str(), 0755) != 0) return ErrnoStatus(errno, "cannot create " + copy);
      return ::chmod(copy.c_str(), 0755) == 0 ? Status::Ok() : ErrnoStatus(errno, "cannot chmod " + copy);
    case EntryKind::kFile: return fs::CopyFile(host, copy, 0644);
  }
  return Status::Ok();
}

// The entry is in the copy, of the same kind.
Status CheckEntry(const std::string& host, const std::string& copy, EntryKind kind) {
  struct stat st;
  bool same = ::lstat(copy.c_str(), &st) == 0 && (kind == EntryKind::kLink        ? S_ISLNK(st.st_mode)
                                                  : kind == EntryKind::kDirectory ? S_ISDIR(st.st_mode)
                                                                                  : S_ISREG(st.st_mode));
  if (same) return Status::Ok();
  return Status::NotFound(host.substr(std::string(kHostEtc).size() + 1) + " missing");
}

// Whether dir is a complete /etc for this recipe: why not, if it is not.
Status CheckEtc(const std::string& dir, const std::string& recipe, int first_uid, int slots) {
  Result<std::string> marker = fs::ReadFile(dir + "/" + kEtcMarker, 1 << 16);
  if (!marker.ok()) return Status::NotFound(Exists(dir) ? "no completion marker" : "none yet");
  if (*marker != recipe) return Status::InvalidArgument("made for another recipe");
  for (const auto& [name, text] : GeneratedFiles(first_uid, slots)) {
    Result<std::string> found = fs::ReadFile(dir + "/" + name, 1 << 20);
    if (!found.ok() || *found != text) return Status::NotFound(name + " missing or changed");
  }
  for (const char* name : kEtcCopied) {
    std::string host = std::string(kHostEtc) + "/" + name;
    JUDGE_RETURN_IF_ERROR(WalkCopied(host, dir + "/" + name, CheckEntry));
  }
  return Status::Ok();
}

// A complete copy in a new directory of its own beside `dir`, its marker written last.
Result<std::string> MakeEtcCopy(const std::string& state_dir, const std::string& name, const std::string& recipe,
                                int first_uid, int slots) {
  JUDGE_ASSIGN_OR_RETURN(std::string tmp, fs::MakeTempDir(state_dir, name + ".tmp.", 0755));
  auto fail = [&tmp](const Status& st) {
    (void)fs::RemoveTree(tmp);
    return st.WithContext("preparing the runs' /etc");
  };
  for (const char* name : kEtcCopied) {
    Status st = WalkCopied(std::string(kHostEtc) + "/" + name, tmp + "/" + name, CopyEntry);
    if (!st.ok()) return fail(st);
  }
  for (const auto& [name, text] : GeneratedFiles(first_uid, slots)) {
    Status st = fs::WriteFile(tmp + "/" + name, text, 0644);
    if (!st.ok()) return fail(st);
  }
  Status st = fs::WriteFile(tmp + "/" + kEtcMarker, recipe, 0644);
  if (!st.ok()) return fail(st);
  return tmp;
}

// Adds to an existing dir what it lacks, the marker last. Nothing there is removed but
// an entry of the wrong kind: inits prepared for the next run have dir mounted as their
// /etc, and see what is added.
Status MendEtc(const std::string& dir, const std::string& recipe, int first_uid, int slots) {
  auto add_missing = [](const std::string& host, const std::string& copy, EntryKind kind) {
    if (CheckEntry(host, copy, kind).ok()) return Status::Ok();
    JUDGE_RETURN_IF_ERROR(fs::RemoveTree(copy));
    return CopyEntry(host, copy, kind);
  };
  for (const char* name : kEtcCopied)
    JUDGE_RETURN_IF_ERROR(WalkCopied(std::string(kHostEtc) + "/" + name, dir + "/" + name, add_missing));
  for (const auto& [name, text] : GeneratedFiles(first_uid, slots))
    JUDGE_RETURN_IF_ERROR(fs::WriteFileAtomic(dir + "/" + name, text, 0644));
  return fs::WriteFileAtomic(dir + "/" + kEtcMarker, recipe, 0644);
}

// Copies a crashed preparer left (<name>.tmp.XXXXXX): only called under the lock.
void RemoveLeftCopies(const std::string& state_dir, const std::string& name) {
  const std::string prefix = name + ".tmp.";
  for (const std::string& n : NamesIn(state_dir))
    if (n.rfind(prefix, 0) == 0) (void)fs::RemoveTree(state_dir + "/" + n);
}

}  // namespace

Result<PreparedEtc> PrepareEtc(const std::string& state_dir, int first_uid, int slots) {
  const std::string recipe = EtcRecipe(first_uid, slots);
  const std::string name = "etc-" + Sha256Hex(recipe).substr(0, 16);
  PreparedEtc out;
  out.dir = state_dir + "/" + name;
  Status found = CheckEtc(out.dir, recipe, first_uid, slots);
  if (found.ok()) {
    out.how = "found complete";
    return out;
  }
  const std::string lock_path = state_dir + "/etc.lock";
  UniqueFd lock(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
  if (!lock) return ErrnoStatus(errno, "cannot open " + lock_path);
  while (::flock(lock.get(), LOCK_EX) != 0)
    if (errno != EINTR) return ErrnoStatus(errno, "cannot lock " + lock_path);
  found = CheckEtc(out.dir, recipe, first_uid, slots);  // another judge may have just made it
  if (found.ok()) {
    out.how = "found complete";
    return out;
  }
  if (found.message() != "none yet") {
    JUDGE_RETURN_IF_ERROR(MendEtc(out.dir, recipe, first_uid, slots).WithContext("mending " + out.dir));
    out.how = "mended (" + found.message() + ")";
    return out;
  }
  RemoveLeftCopies(state_dir, name);
  JUDGE_ASSIGN_OR_RETURN(std::string tmp, MakeEtcCopy(state_dir, name, recipe, first_uid, slots));
  if (::rename(tmp.c_str(), out.dir.c_str()) != 0) {
    Status failed = ErrnoStatus(errno, "cannot install " + out.dir);
    (void)fs::RemoveTree(tmp);
    return failed;
  }
  out.how = "made";
  return out;
}

}  // namespace judge::sandbox
