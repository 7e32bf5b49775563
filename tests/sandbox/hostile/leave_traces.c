// Tries to leave something in its work directory's root for the next run of its slot,
// or reports what it finds there. "xattr": a user extended attribute on "." and mode
// 0700 (prints "no xattr support" when the file system refuses user attributes);
// "file": a file trace.txt; "look": prints "mode=<octal> uid=<n> xattr=<yes|no>" and
// then the names in "." other than leave_traces, one per line, sorted.
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>

static int by_name(const void* a, const void* b) { return strcmp(*(char* const*)a, *(char* const*)b); }

static int look(void) {
  struct stat st;
  if (stat(".", &st) != 0) return 2;
  char value[16];
  int has = getxattr(".", "user.note", value, sizeof value) >= 0;
  printf("mode=%o uid=%d xattr=%s\n", (unsigned)(st.st_mode & 07777), (int)st.st_uid, has ? "yes" : "no");
  DIR* d = opendir(".");
  if (!d) return 3;
  char* names[256];
  int n = 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL && n < 256) {
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || strcmp(e->d_name, "leave_traces") == 0)
      continue;
    names[n++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, (size_t)n, sizeof names[0], by_name);
  for (int i = 0; i < n; ++i) printf("%s\n", names[i]);
  return 0;
}

int main(int argc, char** argv) {
  if (argc != 2) return 1;
  if (strcmp(argv[1], "look") == 0) return look();
  if (strcmp(argv[1], "file") == 0) {
    FILE* f = fopen("trace.txt", "w");
    return f && fputs("left behind\n", f) >= 0 && fclose(f) == 0 ? 0 : 4;
  }
  if (strcmp(argv[1], "xattr") == 0) {
    if (setxattr(".", "user.note", "left", 4, 0) != 0) {
      if (errno != ENOTSUP && errno != EOPNOTSUPP) return 5;
      printf("no xattr support\n");
    }
    return chmod(".", 0700) == 0 ? 0 : 6;
  }
  return 1;
}
