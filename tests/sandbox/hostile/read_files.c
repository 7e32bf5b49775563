// Tries to read files of the judge and the host: every path given as an argument
// (the test answers, the SQLite file, the judge's own files), ../ upwards from the
// work directory, /etc/shadow, the host root through /proc/1/root.
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>
#include "escape_common.h"
static int readable(const char* p) {
  int fd = open(p, O_RDONLY);
  if (fd < 0) return 0;
  char c;
  ssize_t n = read(fd, &c, 1);
  close(fd);
  return n >= 0;
}
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) ATTEMPT(readable(argv[i]), argv[i]);
  ATTEMPT(readable("/etc/shadow"), "/etc/shadow");
  ATTEMPT(readable("/proc/1/root/etc/shadow"), "/proc/1/root/etc/shadow");
  ATTEMPT(readable("/proc/1/environ"), "/proc/1/environ");
  ATTEMPT(readable("/proc/1/root/etc/hostname"), "/proc/1/root (the init's root)");
  ATTEMPT(readable("/root/.bashrc"), "/root/.bashrc");
  // ../ upwards: the parent directories hold nothing of the host.
  char path[4096] = ".";
  for (int up = 0; up < 12; ++up) {
    strcat(path, "/..");
    DIR* d = opendir(path);
    if (!d) continue;
    struct dirent* e;
    while ((e = readdir(d)) != 0) {
      if (strstr(e->d_name, ".ans") || strstr(e->d_name, ".sqlite") || strcmp(e->d_name, "work") == 0 ||
          strcmp(e->d_name, "home") == 0 || strcmp(e->d_name, "root") == 0 || strcmp(e->d_name, "var") == 0) {
        fprintf(stderr, "ESCAPED: sees %s/%s\n", path, e->d_name);
        escaped = 1;
      }
    }
    closedir(d);
  }
  return escaped;
}
