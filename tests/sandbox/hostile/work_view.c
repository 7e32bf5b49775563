// A session's runs and their view of the work directory (its overlay), one action
// per run:
//   mount-id     prints the mount id of "." (statx): the same in two runs when the
//                second was given the first's overlay
//   chmod-root   makes "." mode 0500 (not writable by its owner, the run's uid)
//   create       creates and removes a file in ".", then prints "mode <octal>" of ".";
//                exit 3 (errno on stderr) when it cannot
//   probe NAME   prints "present" or "absent" (looking NAME up leaves the overlay a
//                negative entry for it when absent)
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  if (strcmp(argv[1], "mount-id") == 0) {
    // The 64-bit id (Linux 6.8) is never given to another mount; the older one is
    // reused once freed, so a new mount may get the id of the one it replaced.
    const unsigned kUnique = 0x4000; /* STATX_MNT_ID_UNIQUE */
    struct statx sx;
    if (statx(AT_FDCWD, ".", 0, kUnique, &sx) == 0 && (sx.stx_mask & kUnique)) {
      printf("unique %llu\n", (unsigned long long)sx.stx_mnt_id);
      return 0;
    }
    if (statx(AT_FDCWD, ".", 0, STATX_MNT_ID, &sx) != 0 || !(sx.stx_mask & STATX_MNT_ID)) return 3;
    printf("%llu\n", (unsigned long long)sx.stx_mnt_id);
    return 0;
  }
  if (strcmp(argv[1], "chmod-root") == 0) return chmod(".", 0500) == 0 ? 0 : 3;
  if (strcmp(argv[1], "create") == 0) {
    int fd = open("made_here", O_CREAT | O_WRONLY | O_EXCL, 0644);
    if (fd < 0) {
      fprintf(stderr, "cannot create a file in the work directory: %s\n", strerror(errno));
      return 3;
    }
    close(fd);
    unlink("made_here");
    struct stat st;
    if (stat(".", &st) != 0) return 3;
    printf("mode %o\n", (unsigned)(st.st_mode & 07777));
    return 0;
  }
  if (strcmp(argv[1], "probe") == 0 && argc == 3) {
    printf("%s\n", access(argv[2], F_OK) == 0 ? "present" : "absent");
    return 0;
  }
  return 2;
}
